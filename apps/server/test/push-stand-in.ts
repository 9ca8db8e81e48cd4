import { execFile } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { createWebPushSender } from '../src/adapters/push/web-push';
import type { PushSender } from '../src/ports/push';
import { TEST_VAPID } from './message-keys';

// A local stand-in of a push service (RFC 8030) for the push tests, strict as a real one: it takes a
// push only with a valid VAPID authorization (RFC 8292: an ES256 JWT for this service's origin,
// not expired and at most 24 hours long, with a subject, signed by the key the device subscribed
// with), a TTL and an aes128gcm body (RFC 8188), which it decrypts as the browser would (RFC 8291)
// with the keys of a fake browser subscription the test made. It serves HTTPS with a certificate
// made for the run by the openssl command, which the app's sender is told to trust.

/** A browser's subscription as a test holds it: what the app is sent, and the keys to read pushes. */
export type FakeDevice = {
  endpoint: string;
  /** PushSubscription.toJSON(), as the web app posts it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

/** A push the service took, decrypted. */
export type ReceivedPush = {
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
};

export type PushStandIn = {
  origin: string;
  /** The certificate the stand-in serves (PEM): the certificate authority its clients trust. */
  ca: string;
  /** A new browser subscription on this service, made with the VAPID public key it must be signed by. */
  subscribe(applicationServerKey: string): FakeDevice;
  /** The pushes taken for a device so far, oldest first. */
  received(device: FakeDevice): ReceivedPush[];
  /** Every request it refused as invalid, and why: a correct client leaves this empty. */
  problems: string[];
  /** From now on, every push for this device is answered with `status` (410: unsubscribed). */
  answer(device: FakeDevice, status: number): void;
  close(): Promise<void>;
};

const run = promisify(execFile);

/** A self-signed certificate for 127.0.0.1 and localhost, made by the openssl command. */
async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'rc-push-stand-in-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=push stand-in',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ]);
    return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const refuse = (status: number, reason: string): never => {
  throw new Refusal(status, reason);
};

const fromBase64url = (text: string) => Buffer.from(text, 'base64url');

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * RFC 8292 §2 and §3: `Authorization: vapid t=<JWT>, k=<key>`; the JWT's ES256 signature verified
 * with k, which must be the key the device subscribed with; `aud` this service's origin, `exp` in
 * the future and no more than 24 hours away, `sub` a mailto: or https: contact.
 */
function checkVapid(authorization: string | undefined, origin: string, applicationServerKey: string) {
  const match = /^vapid\s+(.*)$/i.exec(authorization ?? '') ?? refuse(401, 'no vapid authorization');
  const params = new Map(
    (match[1] ?? '').split(',').map((part) => {
      const [name = '', ...rest] = part.trim().split('=');
      return [name.toLowerCase(), rest.join('=')] as const;
    }),
  );
  const jwt = params.get('t') ?? refuse(401, 'no t= (the JWT)');
  const k = params.get('k') ?? refuse(401, 'no k= (the public key)');
  if (k !== applicationServerKey) refuse(403, 'k is not the key the device subscribed with');
  const point = fromBase64url(k);
  if (point.length !== 65 || point[0] !== 4) refuse(401, 'k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  const [head, claims, signature, ...extra] = jwt.split('.');
  if (!head || !claims || !signature || extra.length > 0) refuse(401, 'the JWT is not three parts');
  const header = JSON.parse(fromBase64url(head as string).toString('utf8')) as Record<string, unknown>;
  if (header.alg !== 'ES256') refuse(401, `JWT alg ${String(header.alg)}, not ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`, 'ascii'),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    fromBase64url(signature as string),
  );
  if (!signed) refuse(403, 'the JWT signature does not verify with k');
  const body = JSON.parse(fromBase64url(claims as string).toString('utf8')) as Record<string, unknown>;
  if (body.aud !== origin) refuse(403, `aud ${String(body.aud)} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp <= now) refuse(403, 'exp is not in the future');
  if ((body.exp as number) > now + 24 * 60 * 60) refuse(403, 'exp is more than 24 hours away');
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) refuse(403, 'no sub contact');
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the header (salt, record size, the sender's public key as keyid),
 * the input keying material from ECDH with the device's private key and its auth secret, the content
 * key and nonce from it, then each record opened with AES-128-GCM and its padding removed.
 */
function decrypt(body: Buffer, device: { ecdh: ECDH; auth: Buffer }): Buffer {
  if (body.length < 21) refuse(400, 'the body is shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) refuse(400, 'keyid is not the sender’s P-256 public key');
  if (recordSize < 18) refuse(400, `record size ${recordSize} is below 18`);
  const devicePublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  // HKDF(salt = auth secret, IKM = ECDH secret, info = "WebPush: info" 0x00 ua_public as_public), 32 bytes.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), devicePublic, senderPublic]);
  const ikm = hmac(hmac(device.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);

  const records = body.subarray(21 + idLength);
  if (records.length === 0) refuse(400, 'no record');
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const last = offset + recordSize >= records.length;
    if (record.length < 17) refuse(400, 'a record shorter than its tag and delimiter');
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, XORed into the nonce's low bytes (big-endian).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let opened: Buffer;
    try {
      opened = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      return refuse(400, 'a record does not decrypt (wrong keys, or a forged tag)');
    }
    // Padding is zeros after a delimiter: 2 ends the last record, 1 every other.
    let end = opened.length - 1;
    while (end >= 0 && opened[end] === 0) end -= 1;
    if (end < 0 || opened[end] !== (last ? 2 : 1)) refuse(400, 'a record’s padding delimiter is wrong');
    plain.push(opened.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { key, cert } = await selfSignedCertificate();
  const devices = new Map<
    string,
    { ecdh: ECDH; auth: Buffer; applicationServerKey: string; pushes: ReceivedPush[]; status: number }
  >();
  const problems: string[] = [];
  let origin = '';
  const server: Server = createServer({ key, cert }, async (request, response) => {
    const reply = (status: number, text = '') => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(text);
    };
    try {
      const body = await readBody(request);
      const device =
        devices.get(new URL(request.url ?? '/', origin).pathname) ?? refuse(404, 'no such device');
      if (device.status !== 201) return reply(device.status, 'as told');
      if (request.method !== 'POST') refuse(405, `${request.method} is not POST`);
      checkVapid(request.headers.authorization, origin, device.applicationServerKey);
      const ttl = request.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) refuse(400, 'no TTL header');
      const urgency = request.headers.urgency as string | undefined;
      if (urgency !== undefined && !['very-low', 'low', 'normal', 'high'].includes(urgency))
        refuse(400, `urgency ${urgency}`);
      const topic = request.headers.topic as string | undefined;
      if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) refuse(400, `topic ${topic}`);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        refuse(415, `content-encoding ${String(request.headers['content-encoding'])}`);
      const payload = JSON.parse(decrypt(body, device).toString('utf8')) as unknown;
      device.pushes.push({ payload, ttl: Number(ttl), urgency, topic });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` });
      response.end();
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      if (status !== 404) problems.push(reason);
      reply(status, reason);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deviceOf = (device: FakeDevice) => {
    const found = devices.get(new URL(device.endpoint).pathname);
    if (!found) throw new Error(`not a device of this stand-in: ${device.endpoint}`);
    return found;
  };
  return {
    origin,
    ca: cert,
    problems,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      devices.set(path, { ecdh, auth, applicationServerKey, pushes: [], status: 201 });
      const endpoint = `${origin}${path}`;
      return {
        endpoint,
        subscription: {
          endpoint,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    received: (device) => [...deviceOf(device).pushes],
    answer(device, status) {
      deviceOf(device).status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The stand-in for a test file, started before its app: `sender` is the app's real web-push sender
 * (adapters/push/web-push.ts) with our test VAPID keys, told to trust the stand-in's certificate and
 * to reach it on loopback. Pass it as the app's `pushSender`.
 */
export function usePushStandIn() {
  const state = {} as { standIn: PushStandIn; sender: ReturnType<typeof createWebPushSender> };
  beforeAll(async () => {
    state.standIn = await startPushStandIn();
    state.sender = createWebPushSender({ vapid: TEST_VAPID, ca: state.standIn.ca, privateNetworks: true });
  });
  afterAll(async () => {
    state.sender?.close();
    await state.standIn?.close();
  });
  const sender: PushSender = { kind: 'web-push', send: (target, push) => state.sender.send(target, push) };
  return {
    sender,
    get standIn() {
      return state.standIn;
    },
  };
}

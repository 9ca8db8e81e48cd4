import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { TEST_ORIGIN } from './app';

/**
 * A software passkey for API tests: an ES256 key pair that answers WebAuthn creation and request
 * options the way a browser and a platform authenticator would (attestation 'none', user present
 * and verified), so the server's real SimpleWebAuthn verification runs on its responses.
 */
export type SoftPasskey = {
  credentialId: Buffer;
  userHandle: Buffer | null;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
};

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

export function newSoftPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(32), userHandle: null, privateKey, publicKey, signCount: 0 };
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
  return isoCBOR.encode(key);
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

type Options = Record<string, unknown> & { challenge?: unknown; rp?: { id?: string }; rpId?: string };

/** The browser's JSON answer to navigator.credentials.create(options). */
export function attest(key: SoftPasskey, options: Options, { origin = TEST_ORIGIN, uv = true } = {}) {
  const rpId = options.rp?.id ?? 'localhost';
  const user = options.user as { id: string } | undefined;
  key.userHandle = user ? Buffer.from(user.id, 'base64url') : null;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.UP | (uv ? FLAGS.UV : 0) | FLAGS.AT]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    key.credentialId,
    Buffer.from(coseKey(key.publicKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const clientDataJSON = clientData('webauthn.create', String(options.challenge), origin);
  return credentialJson(key, {
    clientDataJSON: b64(clientDataJSON),
    attestationObject: b64(attestationObject),
    transports: ['internal'],
  });
}

/** The browser's JSON answer to navigator.credentials.get(options). */
export function assert(key: SoftPasskey, options: Options, { origin = TEST_ORIGIN, uv = true } = {}) {
  const rpId = options.rpId ?? 'localhost';
  key.signCount += 1;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(key.signCount);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.UP | (uv ? FLAGS.UV : 0)]), count]);
  const clientDataJSON = clientData('webauthn.get', String(options.challenge), origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key.privateKey);
  return credentialJson(key, {
    clientDataJSON: b64(clientDataJSON),
    authenticatorData: b64(authData),
    signature: b64(signature),
    userHandle: key.userHandle ? b64(key.userHandle) : undefined,
  });
}

/** A PublicKeyCredential as the browser serialises it (toJSON), around its `response`. */
const credentialJson = (key: SoftPasskey, response: Record<string, unknown>) => ({
  id: b64(key.credentialId),
  rawId: b64(key.credentialId),
  type: 'public-key',
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
  response,
});

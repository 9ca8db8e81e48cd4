import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { TEST_VAPID } from '../../../test/message-keys';
import { pushSubscriptions } from '../../db/schema';
import { PUSH_DEVICES_MAX } from './subscribe';

// The routes a device turns pushes on and off with (issue 40). Nothing here reaches a push service:
// delivery.test.ts sends to the stand-in.

const t = useTestApp();

/** PushSubscription.toJSON() of a browser on a made-up push service. */
function browserSubscription(endpoint = `https://push.example.test/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    // As toJSON() gives it; the server has no use for it.
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const subscribe = (session: Session | null, body: unknown) =>
  request(t.app, 'POST', '/api/push/subscriptions', { session, body });
const unsubscribe = (session: Session | null, body: unknown) =>
  request(t.app, 'DELETE', '/api/push/subscriptions', { session, body });

const devicesOf = (userId: string) =>
  t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const deviceAt = async (endpoint: string) =>
  (await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe('the push key', () => {
  it('is the VAPID public key a browser subscribes with', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'GET', '/api/push/key', { session });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ public_key: TEST_VAPID.publicKey });
    // An uncompressed P-256 point, as applicationServerKey takes it.
    const point = Buffer.from(res.json().public_key, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
  });

  it('is for members only', async () => {
    const res = await request(t.app, 'GET', '/api/push/key');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('turning pushes on for a device', () => {
  it('stores the subscription, and a second time renews its keys without a second row', async () => {
    const me = await signedInMember(t.app);
    const device = browserSubscription();
    const res = await subscribe(me.session, device);
    expect(res.statusCode, res.body).toBe(201);
    expect(await devicesOf(me.member.id)).toEqual([
      expect.objectContaining({
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        lastSuccessAt: null,
      }),
    ]);
    const renewed = { ...browserSubscription(device.endpoint) };
    expect((await subscribe(me.session, renewed)).statusCode).toBe(201);
    const rows = await devicesOf(me.member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it('moves a device another member subscribed to the member signed in on it now', async () => {
    const before = await signedInMember(t.app);
    const now = await signedInMember(t.app);
    const device = browserSubscription();
    await subscribe(before.session, device);
    expect((await subscribe(now.session, device)).statusCode).toBe(201);
    expect((await deviceAt(device.endpoint))?.userId).toBe(now.member.id);
    expect(await devicesOf(before.member.id)).toEqual([]);
    // The member it left cannot turn it off: it is not theirs any more.
    expect((await unsubscribe(before.session, { endpoint: device.endpoint })).statusCode).toBe(204);
    expect((await deviceAt(device.endpoint))?.userId).toBe(now.member.id);
  });

  it(`keeps at most ${PUSH_DEVICES_MAX} devices a member, dropping the oldest`, async () => {
    const me = await signedInMember(t.app);
    const devices = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => browserSubscription());
    for (const device of devices) expect((await subscribe(me.session, device)).statusCode).toBe(201);
    const kept = (await devicesOf(me.member.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
    // Subscribing an old device again makes it the newest: the next new one drops another.
    await subscribe(me.session, devices[2]);
    await subscribe(me.session, browserSubscription());
    const after = (await devicesOf(me.member.id)).map((row) => row.endpoint);
    expect(after).toContain(devices[2]?.endpoint);
    expect(after).not.toContain(devices[3]?.endpoint);
    expect(after).toHaveLength(PUSH_DEVICES_MAX);
  });

  it.each([
    ['an http endpoint', { ...browserSubscription('http://push.example.test/send/1') }],
    ['an endpoint that is no URL', { ...browserSubscription('not a url') }],
    [
      'an endpoint too long to be one',
      { ...browserSubscription(`https://push.example.test/${'x'.repeat(2100)}`) },
    ],
    [
      'a key that is not base64url',
      { ...browserSubscription(), keys: { p256dh: 'not/base64+url', auth: 'AAAA' } },
    ],
    ['an empty auth secret', { ...browserSubscription(), keys: { p256dh: 'BAAA', auth: '' } }],
    [
      'a p256dh that is no P-256 point',
      {
        ...browserSubscription(),
        keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
      },
    ],
    [
      'an auth secret that is not 16 bytes',
      {
        ...browserSubscription(),
        keys: { ...browserSubscription().keys, auth: Buffer.alloc(12).toString('base64url') },
      },
    ],
    ['no keys', { endpoint: 'https://push.example.test/send/2' }],
    ['nothing', undefined],
  ])('refuses %s, storing nothing', async (_, body) => {
    const me = await signedInMember(t.app);
    const res = await subscribe(me.session, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(await devicesOf(me.member.id)).toEqual([]);
  });

  it('refuses a signed-out caller, and a member who has not finished onboarding', async () => {
    const device = browserSubscription();
    const signedOut = await subscribe(null, device);
    expect(signedOut.statusCode).toBe(401);
    const newcomer = await signedInMember(t.app, { onboarded: false });
    const early = await subscribe(newcomer.session, device);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('ONBOARDING_REQUIRED');
    expect(await deviceAt(device.endpoint)).toBeUndefined();
  });
});

describe('turning pushes off for a device', () => {
  it('deletes the member’s own subscription, and answers the same for one already gone', async () => {
    const me = await signedInMember(t.app);
    const device = browserSubscription();
    const other = browserSubscription();
    await subscribe(me.session, device);
    await subscribe(me.session, other);
    const res = await unsubscribe(me.session, { endpoint: device.endpoint });
    expect(res.statusCode, res.body).toBe(204);
    expect((await devicesOf(me.member.id)).map((row) => row.endpoint)).toEqual([other.endpoint]);
    expect((await unsubscribe(me.session, { endpoint: device.endpoint })).statusCode).toBe(204);
  });

  it('leaves another member’s device alone, answering as for an unknown one', async () => {
    const owner = await signedInMember(t.app);
    const stranger = await signedInMember(t.app);
    const device = browserSubscription();
    await subscribe(owner.session, device);
    const res = await unsubscribe(stranger.session, { endpoint: device.endpoint });
    expect(res.statusCode).toBe(204);
    expect((await deviceAt(device.endpoint))?.userId).toBe(owner.member.id);
  });

  it('refuses a signed-out caller and bad input', async () => {
    const owner = await signedInMember(t.app);
    const device = browserSubscription();
    await subscribe(owner.session, device);
    expect((await unsubscribe(null, { endpoint: device.endpoint })).statusCode).toBe(401);
    for (const body of [{}, { endpoint: 'http://push.example.test/x' }, { endpoint: 7 }]) {
      const res = await unsubscribe(owner.session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await deviceAt(device.endpoint)).toBeDefined();
  });
});

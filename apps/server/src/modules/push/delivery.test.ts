import { randomUUID } from 'node:crypto';
import { DISCREET_NOTIFICATION_TEXT, pushPayloadSchema } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { deleteAccountThroughRoute } from '../../../test/deletion';
import { block, matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { TEST_VAPID } from '../../../test/message-keys';
import { type FakeDevice, usePushStandIn } from '../../../test/push-stand-in';
import { notifications, outboxPush, profiles, pushSubscriptions } from '../../db/schema';
import { deliverOnce, withPushTimeout } from '../../jobs/delivery';
import type { PushSender } from '../../ports/push';
import { DISCREET_PUSH_TITLE } from './decide';
import { PUSH_MAX_ATTEMPTS, sendPushes } from './delivery';

// Web push end to end (issue 40): notices written by the app's own verbs, queued by the trigger on
// notifications, sent by the delivery worker's pass through the real web-push sender to a local
// stand-in push service that checks the VAPID signature and decrypts the payload as a browser would.

const push = usePushStandIn();
const t = useTestApp({}, { build: { pushSender: push.sender } });

/** The member turns pushes on for a new device of theirs, as the settings screen does. */
async function deviceOf(session: Session, applicationServerKey?: string): Promise<FakeDevice> {
  const key = (await request(t.app, 'GET', '/api/push/key', { session })).json().public_key;
  const device = push.standIn.subscribe(applicationServerKey ?? key);
  const res = await request(t.app, 'POST', '/api/push/subscriptions', { session, body: device.subscription });
  expect(res.statusCode, res.body).toBe(201);
  return device;
}

const settings = async (session: Session, body: Record<string, unknown>) => {
  const res = await request(t.app, 'PATCH', '/api/me/settings', { session, body });
  expect(res.statusCode, res.body).toBe(200);
};

async function send(session: Session, matchId: string, content: string) {
  const res = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The worker's passes until no push is due (a pass takes at most a batch). */
async function deliver() {
  for (let pass = 0; pass < 10; pass += 1) {
    const { pushes } = await deliverOnce(t.app.ctx);
    if (pushes.sent + pushes.dropped + pushes.gone + pushes.refused === 0) return;
  }
  throw new Error('pushes still due after ten passes');
}

const payloadsOf = (device: FakeDevice) => push.standIn.received(device).map((p) => p.payload);
const queuedFor = (device: FakeDevice) =>
  t.app.ctx.db
    .select({ status: outboxPush.status, attempts: outboxPush.attempts, error: outboxPush.error })
    .from(outboxPush)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, outboxPush.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, device.endpoint));
const subscriptionAt = async (device: FakeDevice) =>
  (
    await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))
  )[0];

/** A match whose receiving member has one device, pushes spelled out (not discreet), nothing queued yet. */
async function pairWithHerDevice() {
  const pair = await matchedPair(t.app);
  await settings(pair.her.session, { discreet_notifications: false });
  await deliver();
  const device = await deviceOf(pair.her.session);
  return { ...pair, device };
}

/** `HH:MM` in UTC, `minutes` from now. */
const utcTime = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

describe('a message to a member with pushes on', () => {
  it('reaches their device as one encrypted push, signed with our key, with the sender’s name', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await send(him.session, matchId, 'Dinner on Friday?');
    await deliver();

    const [received, ...more] = push.standIn.received(device);
    expect(more).toEqual([]);
    const [notice] = await t.app.ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, her.member.id), eq(notifications.type, 'message')));
    expect(received).toEqual({
      payload: {
        title: 'New message',
        body: 'Matteo sent you a message',
        link: `/messages/${matchId}`,
        tag: `notice-${notice?.id}`,
      },
      ttl: 12 * 60 * 60,
      urgency: 'high',
      topic: notice?.id.replaceAll('-', ''),
    });
    expect(pushPayloadSchema.parse(received?.payload)).toEqual(received?.payload);
    expect(push.standIn.problems).toEqual([]);
    expect(await queuedFor(device)).toEqual([{ status: 'sent', attempts: 0, error: null }]);
    expect((await subscriptionAt(device))?.lastSuccessAt).toBeInstanceOf(Date);

    // The next message renews the chat's one notice (decision 031): a second push, under its tag.
    await send(him.session, matchId, 'Or Saturday.');
    await deliver();
    expect(payloadsOf(device)).toEqual([
      expect.anything(),
      expect.objectContaining({ body: '2 new messages from Matteo', tag: `notice-${notice?.id}` }),
    ]);
    // Reading the chat marks the notice read, which pushes nothing.
    await request(t.app, 'GET', `/api/matches/${matchId}/messages`, { session: her.session });
    await deliver();
    expect(payloadsOf(device)).toHaveLength(2);
  });

  it('reaches each of the member’s devices once', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    const tablet = await deviceOf(her.session);
    await send(him.session, matchId, 'Hello');
    await deliver();
    expect(payloadsOf(device)).toHaveLength(1);
    expect(payloadsOf(tablet)).toEqual(payloadsOf(device));
    expect(payloadsOf(await deviceOf(him.session))).toEqual([]);
  });

  it('says only “New activity”, without a name, for a member whose profile asks for discretion', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    // Factory members, as new sign-ups, have discretion_required on: discreet until they choose.
    const [profile] = await t.app.ctx.db
      .select({ discretionRequired: profiles.discretionRequired })
      .from(profiles)
      .where(eq(profiles.userId, her.member.id));
    expect(profile?.discretionRequired).toBe(true);
    await deliver();
    const device = await deviceOf(her.session);
    await send(him.session, matchId, 'Dinner on Friday?');
    await deliver();
    expect(payloadsOf(device)).toEqual([
      {
        title: DISCREET_PUSH_TITLE,
        body: DISCREET_NOTIFICATION_TEXT,
        link: `/messages/${matchId}`,
        tag: 'activity',
      },
    ]);
    expect(JSON.stringify(push.standIn.received(device))).not.toMatch(/Matteo|Dinner|New message/);
  });

  it('says only “New activity” once the member turns discreet notifications on', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await t.app.ctx.db
      .update(profiles)
      .set({ discretionRequired: false })
      .where(eq(profiles.userId, her.member.id));
    await settings(her.session, { discreet_notifications: true });
    await send(him.session, matchId, 'Dinner on Friday?');
    await deliver();
    expect(payloadsOf(device)).toEqual([expect.objectContaining({ body: DISCREET_NOTIFICATION_TEXT })]);
  });

  it('is not pushed inside the member’s quiet hours, nor kept for later', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await settings(her.session, {
      quiet_hours_enabled: true,
      quiet_hours_start: utcTime(-60),
      quiet_hours_end: utcTime(60),
      quiet_hours_zone: 'UTC',
    });
    await send(him.session, matchId, 'Awake?');
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
    expect(await queuedFor(device)).toEqual([]);
    // Quiet hours that end before now let the next one through.
    await settings(her.session, { quiet_hours_start: utcTime(-120), quiet_hours_end: utcTime(-60) });
    await send(him.session, matchId, 'Morning!');
    await deliver();
    expect(payloadsOf(device)).toHaveLength(1);
  });

  it('is not pushed when message notifications are off, even when queued before they were turned off', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await send(him.session, matchId, 'First');
    // Queued with the notice; the settings of the moment it is sent decide.
    expect(await queuedFor(device)).toEqual([{ status: 'queued', attempts: 0, error: null }]);
    await settings(her.session, { message_notifications: false });
    await deliver();
    await send(him.session, matchId, 'Second');
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
    expect(await queuedFor(device)).toEqual([]);
  });

  it('is not pushed once either member has blocked the other', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    const another = await pairWithHerDevice();
    await send(him.session, matchId, 'Hello');
    await send(another.him.session, another.matchId, 'Hello');
    // Blocks after the notices were written: the list hides them, and so does the push.
    await block(t.app, her.member.id, him.member.id);
    await block(t.app, another.him.member.id, another.her.member.id);
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
    expect(payloadsOf(another.device)).toEqual([]);
  });

  it('is not pushed when push notifications are off', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await settings(her.session, { push_notifications: false });
    await send(him.session, matchId, 'Hello?');
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
  });
});

describe('other notices', () => {
  it('a match made by a swipe (written by the swipe function in the database) is pushed to both', async () => {
    const him = await signedInMember(t.app, { tier: 2, name: 'Luca', userType: 'men' });
    const her = await signedInMember(t.app, { tier: 2, name: 'Giulia', userType: 'women' });
    await settings(her.session, { discreet_notifications: false });
    const hers = await deviceOf(her.session);
    const swipe = (session: Session, target_id: string) =>
      request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
    expect((await swipe(her.session, him.member.id)).statusCode).toBe(200);
    expect((await swipe(him.session, her.member.id)).json().match).toBeTruthy();
    await deliver();
    expect(payloadsOf(hers)).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/match/i),
        body: expect.stringContaining('Luca'),
      }),
    ]);
  });

  it('a notice of a device’s former account is not pushed to the account signed in on it now', async () => {
    const { him, her, matchId, device } = await pairWithHerDevice();
    await send(him.session, matchId, 'For Sofia only');
    const someoneElse = await signedInMember(t.app);
    const moved = await request(t.app, 'POST', '/api/push/subscriptions', {
      session: someoneElse.session,
      body: device.subscription,
    });
    expect(moved.statusCode).toBe(201);
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
    expect((await subscriptionAt(device))?.userId).toBe(someoneElse.member.id);
    expect(her.member.id).not.toBe(someoneElse.member.id);
  });
});

describe('what the push service answers', () => {
  it('410: the device is gone, its subscription removed, and nothing more is queued for it', async () => {
    const { him, matchId, device } = await pairWithHerDevice();
    const subscriptionId = (await subscriptionAt(device))?.id ?? '';
    const pushesOfDevice = () =>
      t.app.ctx.db.select().from(outboxPush).where(eq(outboxPush.subscriptionId, subscriptionId));
    push.standIn.answer(device, 410);
    await send(him.session, matchId, 'Still there?');
    await deliver();
    expect(await subscriptionAt(device)).toBeUndefined();
    expect(await pushesOfDevice()).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringContaining('410') }),
    ]);
    await send(him.session, matchId, 'Hello?');
    expect(await pushesOfDevice()).toHaveLength(1);
    expect(push.standIn.problems).toEqual([]);
  });

  it('another refusal: tried again later with backoff, sent when the service takes it', async () => {
    const { him, matchId, device } = await pairWithHerDevice();
    push.standIn.answer(device, 503);
    await send(him.session, matchId, 'Are you there?');
    await deliver();
    expect(await queuedFor(device)).toEqual([
      { status: 'queued', attempts: 1, error: expect.stringContaining('503') },
    ]);
    // Not again before its time.
    await deliver();
    expect(await queuedFor(device)).toEqual([expect.objectContaining({ attempts: 1 })]);
    push.standIn.answer(device, 201);
    await t.app.ctx.db
      .update(outboxPush)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxPush.status, 'queued'));
    await deliver();
    expect(payloadsOf(device)).toHaveLength(1);
    expect(await queuedFor(device)).toEqual([{ status: 'sent', attempts: 1, error: null }]);
  });

  it(`gives a push up after ${PUSH_MAX_ATTEMPTS} refusals`, async () => {
    const { him, matchId, device } = await pairWithHerDevice();
    push.standIn.answer(device, 500);
    await send(him.session, matchId, 'Hello');
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt += 1) {
      await t.app.ctx.db
        .update(outboxPush)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboxPush.status, 'queued'));
      await deliver();
    }
    expect(await queuedFor(device)).toEqual([
      { status: 'failed', attempts: PUSH_MAX_ATTEMPTS, error: expect.stringContaining('500') },
    ]);
    expect(await subscriptionAt(device)).toBeDefined();
  });

  it('refuses a push signed with another key than the device subscribed with (the check is real)', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    await deliver();
    const otherKey = Buffer.from(TEST_VAPID.publicKey, 'base64url');
    otherKey[64] = (otherKey[64] ?? 0) ^ 1;
    const device = await deviceOf(her.session, otherKey.toString('base64url'));
    await send(him.session, matchId, 'Hello');
    await deliver();
    expect(payloadsOf(device)).toEqual([]);
    expect(await queuedFor(device)).toEqual([
      { status: 'queued', attempts: 1, error: expect.stringContaining('403') },
    ]);
    expect(push.standIn.problems.splice(0)).toEqual(['k is not the key the device subscribed with']);
  });

  it('no answer in time: a refusal, tried again later', async () => {
    const { him, matchId, device } = await pairWithHerDevice();
    await send(him.session, matchId, 'Hello');
    const silent: PushSender = { kind: 'silent', send: () => new Promise(() => {}) };
    const pass = await sendPushes({
      db: t.app.ctx.db,
      log: t.app.ctx.log,
      sender: withPushTimeout(silent, 100),
    });
    expect(pass).toMatchObject({ refused: 1, sent: 0 });
    expect(await queuedFor(device)).toEqual([
      { status: 'queued', attempts: 1, error: expect.stringMatching(/did not answer within 100 ms/) },
    ]);
  });
});

describe('deleting the account', () => {
  it('removes the member’s devices', async () => {
    const me = await signedInMember(t.app);
    await deviceOf(me.session);
    await deviceOf(me.session);
    expect((await deleteAccountThroughRoute(t.app, me.session)).statusCode).toBe(200);
    expect(
      await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.member.id)),
    ).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import {
  MATCH_EXPIRED_TEXT,
  MATCH_NOT_FOUND_TEXT,
  MESSAGE_EMPTY_TEXT,
  MESSAGE_MAX,
  MESSAGE_SUBSCRIPTION_INACTIVE_TEXT,
  MESSAGE_TIER_REQUIRED_TEXT,
  MESSAGE_TOO_LONG_TEXT,
  MESSAGE_VERIFICATION_REQUIRED_TEXT,
  matchListSchema,
  messagePageSchema,
  messageSchema,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, block, matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import { matches, messages, notifications, profiles, safetySettings } from '../../db/schema';
import { newMessageKey, parseMessageKeys } from '../../lib/message-crypto';
import { reencryptMessages } from './reencrypt';
import { UNREADABLE_MESSAGE_TEXT } from './sealing';

// Every test starts from an empty database: re-encryption walks every message there is.
const t = useTestApp({}, { isolation: 'test' });

const send = (session: Session | null, matchId: string, content: string, id: string = randomUUID()) =>
  request(t.app, 'POST', `/api/matches/${matchId}/messages`, { session, body: { id, content } });
const list = (session: Session | null, matchId: string, query = '') =>
  request(t.app, 'GET', `/api/matches/${matchId}/messages${query}`, { session });
const markRead = (session: Session | null, matchId: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/read`, { session });
const matchList = (session: Session | null) => request(t.app, 'GET', '/api/matches', { session });

function expectError(
  res: { statusCode: number; body: string; json(): { error: { code: string; message: string } } },
  status: number,
  code: string,
  message?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  if (message) expect(res.json().error.message).toBe(message);
}

function recordEvents() {
  const events: BusMessage[] = [];
  const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
  return {
    stop,
    delivered: (type: string) =>
      events.flatMap((e) => (e.kind === 'deliver' && e.event.type === type ? [e] : [])),
  };
}

const rowsOf = (matchId: string) => t.app.ctx.db.select().from(messages).where(eq(messages.matchId, matchId));

describe('who may message', () => {
  it('refuses a signed-out caller on every route', async () => {
    const { matchId } = await matchedPair(t.app);
    expectError(await send(null, matchId, 'Hi'), 401, 'UNAUTHENTICATED');
    expectError(await list(null, matchId), 401, 'UNAUTHENTICATED');
    expectError(await markRead(null, matchId), 401, 'UNAUTHENTICATED');
    expectError(await matchList(null), 401, 'UNAUTHENTICATED');
  });

  it('applies the tier, payment and verification rules with the spec texts', async () => {
    const observer = await signedInMember(t.app, { tier: 0 });
    const { matchId } = await matchedPair(t.app);
    expectError(
      await send(observer.session, matchId, 'Hi'),
      403,
      'TIER_REQUIRED',
      MESSAGE_TIER_REQUIRED_TEXT,
    );

    const unverified = await matchedPair(t.app, { him: { tier: 1, verified: false }, her: { tier: 1 } });
    expectError(
      await send(unverified.him.session, unverified.matchId, 'Hi'),
      403,
      'VERIFICATION_REQUIRED',
      MESSAGE_VERIFICATION_REQUIRED_TEXT,
    );
    // Tier 1 writes once verified; tier 2 without verification.
    const verified = await matchedPair(t.app, { him: { tier: 1, verified: true }, her: { tier: 1 } });
    expect((await send(verified.him.session, verified.matchId, 'Hello')).statusCode).toBe(201);
    const tierTwo = await matchedPair(t.app, { him: { verified: false } });
    expect((await send(tierTwo.him.session, tierTwo.matchId, 'Hello')).statusCode).toBe(201);

    const lapsed = await matchedPair(t.app);
    const lapsedMember = await signedInMember(t.app, { tier: 2, subscriptionActive: false });
    expectError(
      await send(lapsedMember.session, lapsed.matchId, 'Hi'),
      403,
      'SUBSCRIPTION_INACTIVE',
      MESSAGE_SUBSCRIPTION_INACTIVE_TEXT,
    );
  });

  it('answers 404 to a member outside the match, for sending, reading and marking read', async () => {
    const { matchId } = await matchedPair(t.app);
    const stranger = await signedInMember(t.app, { tier: 4 });
    expectError(await send(stranger.session, matchId, 'Hi'), 404, 'NOT_FOUND');
    expectError(await list(stranger.session, matchId), 404, 'NOT_FOUND');
    expectError(await markRead(stranger.session, matchId), 404, 'NOT_FOUND');
    expectError(await send(stranger.session, randomUUID(), 'Hi'), 404, 'NOT_FOUND');
    expect(await rowsOf(matchId)).toEqual([]);
  });

  it('answers across a block, either way, exactly as for a match that does not exist, and drops the match from both lists', async () => {
    const pair = await matchedPair(t.app);
    const earlier = randomUUID();
    expect((await send(pair.him.session, pair.matchId, 'Hi', earlier)).statusCode).toBe(201);
    await block(t.app, pair.her.member.id, pair.him.member.id);
    // What every route answers for a match that never was: the blocked member must get the same, so
    // nothing tells him that she blocked him (nor her, that her block took).
    const reply = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, body: res.body });
    const asUnknown = async (session: Session, matchId: string) => [
      reply(await send(session, matchId, 'Hi')),
      // A retry of a message sent before the block.
      reply(await send(session, matchId, 'Hi', earlier)),
      reply(await list(session, matchId)),
      reply(await markRead(session, matchId)),
      reply(await request(t.app, 'GET', `/api/matches/${matchId}`, { session })),
    ];
    const unknown = await asUnknown(pair.him.session, randomUUID());
    expect(unknown[0]).toEqual({
      status: 404,
      body: JSON.stringify({ error: { code: 'NOT_FOUND', message: MATCH_NOT_FOUND_TEXT } }),
    });
    expect(await asUnknown(pair.him.session, pair.matchId)).toEqual(unknown);
    expect(await asUnknown(pair.her.session, pair.matchId)).toEqual(unknown);
    expect(await rowsOf(pair.matchId)).toHaveLength(1);
    for (const session of [pair.him.session, pair.her.session]) {
      expect(matchListSchema.parse((await matchList(session)).json()).items).toEqual([]);
    }
  });

  it('refuses a new message on an expired match, with the spec text', async () => {
    const pair = await matchedPair(t.app);
    await t.app.ctx.db.update(matches).set({ status: 'expired' }).where(eq(matches.id, pair.matchId));
    expectError(
      await send(pair.him.session, pair.matchId, 'Too late?'),
      409,
      'MATCH_EXPIRED',
      MATCH_EXPIRED_TEXT,
    );
    // Past its 48 hours but before the expiry job ran: already closed.
    const late = await matchedPair(t.app);
    await t.app.ctx.db
      .update(matches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(matches.id, late.matchId));
    expectError(await send(late.her.session, late.matchId, 'Hello?'), 409, 'MATCH_EXPIRED');
    expect(await rowsOf(late.matchId)).toEqual([]);
  });
});

describe('sending', () => {
  it('refuses empty, whitespace-only, over-long and control-character messages, writing nothing', async () => {
    const { him, matchId } = await matchedPair(t.app);
    for (const [content, message] of [
      ['', MESSAGE_EMPTY_TEXT],
      ['  \n\t ', MESSAGE_EMPTY_TEXT],
      ['x'.repeat(MESSAGE_MAX + 1), MESSAGE_TOO_LONG_TEXT],
    ] as const) {
      const res = await send(him.session, matchId, content);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(JSON.stringify(res.json().error.details)).toContain(message);
    }
    expectError(await send(him.session, matchId, 'bell \u0007'), 400, 'VALIDATION_FAILED');
    expectError(
      await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
        session: him.session,
        body: { id: 'not-a-uuid', content: 'Hi' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await rowsOf(matchId)).toEqual([]);
    // Exactly the limit, after trimming, is fine.
    expect((await send(him.session, matchId, `  ${'x'.repeat(MESSAGE_MAX)}  `)).statusCode).toBe(201);
  });

  it('trims, stores encrypted, tells both members and notifies the receiver', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const photoId = await addPhoto(t.app, him.member.id);
    const events = recordEvents();
    const res = await send(him.session, matchId, '  Dinner at Nobu on Friday?  ');
    events.stop();
    expect(res.statusCode, res.body).toBe(201);
    const message = messageSchema.parse(res.json());
    expect(message).toMatchObject({
      match_id: matchId,
      sender_id: him.member.id,
      receiver_id: her.member.id,
      content: 'Dinner at Nobu on Friday?',
      read: false,
    });

    const [row] = await rowsOf(matchId);
    expect(row?.legacyContent).toBeNull();
    expect(row?.keyId).toBe(t.app.ctx.messageKeys.current.id);
    expect(Buffer.from(row?.ciphertext ?? []).toString('utf8')).not.toContain('Nobu');

    const created = events.delivered('message.created');
    expect(created).toHaveLength(1);
    expect([...(created[0]?.userIds ?? [])].sort()).toEqual([him.member.id, her.member.id].sort());
    expect(created[0]?.event.payload).toEqual(message);
    const notes = await t.app.ctx.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, her.member.id), eq(notifications.type, 'message')));
    expect(notes).toEqual([{ type: 'message', message: 'Matteo sent you a message' }]);
    const announced = events.delivered('notification.created');
    expect(announced.flatMap((e) => e.userIds)).toEqual([her.member.id]);
    // The live notice is the very item her notification list shows (the sender's avatar included).
    const listed = (await request(t.app, 'GET', '/api/notifications', { session: her.session })).json();
    expect(announced[0]?.event.payload).toEqual(listed.items[0]);
    expect(listed.items[0].actor.avatar).toContain(photoId);
  });

  it('announces the notice without the avatar of a sender the receiver may not see', async () => {
    const { him, matchId } = await matchedPair(t.app);
    await addPhoto(t.app, him.member.id);
    // In Ghost Mode he is out of sight even of his matches (private would still show him to them).
    await t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, him.member.id));
    const events = recordEvents();
    expect((await send(him.session, matchId, 'Hi')).statusCode).toBe(201);
    events.stop();
    const [announced] = events.delivered('notification.created');
    expect(announced?.event.payload).toMatchObject({ actor: { id: him.member.id, avatar: null } });
  });

  it('binds the message to the stored match id whatever the case of the id in the address', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    expect((await send(him.session, matchId.toUpperCase(), 'Hello')).statusCode).toBe(201);
    const page = messagePageSchema.parse((await list(her.session, matchId)).json());
    expect(page.items.map((m) => m.content)).toEqual(['Hello']);
  });

  it('stores a message sent under an upper-case id under its canonical id, readable by the receiver', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const id = randomUUID();
    const res = await send(him.session, matchId, 'Hello', id.toUpperCase());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).toBe(id);
    const page = messagePageSchema.parse((await list(her.session, matchId)).json());
    expect(page.items.map((m) => [m.id, m.content])).toEqual([[id, 'Hello']]);
  });

  it('does not notify a receiver who turned message notifications off (but still delivers the message)', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    await t.app.ctx.db
      .update(safetySettings)
      .set({ messageNotifications: false })
      .where(eq(safetySettings.userId, her.member.id));
    expect((await send(him.session, matchId, 'Hi')).statusCode).toBe(201);
    const notes = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, her.member.id), eq(notifications.type, 'message')));
    expect(notes).toEqual([]);
  });

  it('never writes a retried send twice; the same id from someone else is a conflict', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const id = randomUUID();
    const first = await send(him.session, matchId, 'Once only', id);
    const again = await send(him.session, matchId, 'Once only', id);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf(matchId)).toHaveLength(1);
    expectError(await send(her.session, matchId, 'Mine', id), 409, 'CONFLICT');
  });

  it('keeps the match open once both have written, and orders the match list by activity', async () => {
    const first = await matchedPair(t.app);
    expect((await send(first.him.session, first.matchId, 'Hi')).statusCode).toBe(201);
    let [row] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, first.matchId));
    expect(row?.conversationStartedAt).toBeNull();
    expect((await send(first.her.session, first.matchId, 'Hello you')).statusCode).toBe(201);
    [row] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, first.matchId));
    expect(row?.conversationStartedAt).not.toBeNull();
    expect(row?.lastMessageAt).not.toBeNull();

    // Writing again alone changes nothing; first messages of both at the same moment start it too.
    const second = await matchedPair(t.app);
    expect((await send(second.him.session, second.matchId, 'One')).statusCode).toBe(201);
    expect((await send(second.him.session, second.matchId, 'Two')).statusCode).toBe(201);
    [row] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, second.matchId));
    expect(row?.conversationStartedAt).toBeNull();
    const third = await matchedPair(t.app);
    const both = await Promise.all([
      send(third.him.session, third.matchId, 'Hi'),
      send(third.her.session, third.matchId, 'Hey'),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    [row] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, third.matchId));
    expect(row?.conversationStartedAt).not.toBeNull();

    const items = matchListSchema.parse((await matchList(first.him.session)).json()).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first.matchId,
      status: 'active',
      expires_at: null,
      unread_count: 1,
      last_message: { content: 'Hello you', sender_id: first.her.member.id },
      premium_user: false,
    });
    expect(items[0]?.member).toMatchObject({ id: first.her.member.id, name: 'Sofia' });
    expect(JSON.stringify(items)).not.toContain('@');
  });
});

describe('reading', () => {
  it('pages a chat oldest first, newest page by default, without skipping or repeating', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const texts: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const text = `message ${i}`;
      texts.push(text);
      expect((await send(i % 2 ? her.session : him.session, matchId, text)).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = messagePageSchema.parse((await list(him.session, matchId, query)).json());
      seen.unshift(...page.items.map((m) => m.content));
      cursor = page.older_cursor;
    } while (cursor);
    expect(seen).toEqual(texts);
    expectError(await list(him.session, matchId, '?cursor=garbage'), 400, 'VALIDATION_FAILED');
  });

  it('marks read only what the reader received, and tells the sender which', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const mine = messageSchema.parse((await send(him.session, matchId, 'From him')).json());
    const theirs = messageSchema.parse((await send(her.session, matchId, 'From her')).json());

    const events = recordEvents();
    const res = await markRead(him.session, matchId);
    events.stop();
    expect(res.json()).toEqual({ read_ids: [theirs.id] });
    const byId = new Map((await rowsOf(matchId)).map((r) => [r.id, r.readStatus]));
    expect(byId.get(theirs.id)).toBe(true);
    expect(byId.get(mine.id)).toBe(false);
    const read = events.delivered('message.read');
    expect(read).toHaveLength(1);
    expect(read[0]?.event.payload).toEqual({ match_id: matchId, reader_id: him.member.id, ids: [theirs.id] });
    expect(read[0]?.userIds).toContain(her.member.id);
    // Nothing new to read: nothing announced.
    expect((await markRead(him.session, matchId)).json()).toEqual({ read_ids: [] });
    const items = matchListSchema.parse((await matchList(him.session)).json()).items;
    expect(items[0]?.unread_count).toBe(0);
  });

  it('with Read Receipts off, keeps the reader’s reads from the sender: no event, and her messages show unread', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const fromHer = messageSchema.parse((await send(her.session, matchId, 'Dinner on Friday?')).json());
    const off = await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { read_receipts: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    const events = recordEvents();
    expect((await markRead(him.session, matchId)).json()).toEqual({ read_ids: [fromHer.id] });
    events.stop();
    // Only his own tabs hear of it (his unread count); she is not told.
    const read = events.delivered('message.read');
    expect(read).toHaveLength(1);
    expect(read[0]?.userIds).toEqual([him.member.id]);
    const hers = messagePageSchema.parse((await list(her.session, matchId)).json()).items;
    expect(hers.find((m) => m.id === fromHer.id)?.read).toBe(false);
    // He still sees it as read on his side.
    const his = messagePageSchema.parse((await list(him.session, matchId)).json()).items;
    expect(his.find((m) => m.id === fromHer.id)?.read).toBe(true);

    // Turned back on, his reads show again.
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { read_receipts: true },
    });
    const again = messagePageSchema.parse((await list(her.session, matchId)).json()).items;
    expect(again.find((m) => m.id === fromHer.id)?.read).toBe(true);
  });

  it('with Read Receipts off, the member does not see the other’s reads either (they are mutual)', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const fromHim = messageSchema.parse((await send(him.session, matchId, 'The terrace at eight?')).json());
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { read_receipts: false },
    });

    const events = recordEvents();
    expect((await markRead(her.session, matchId)).json()).toEqual({ read_ids: [fromHim.id] });
    events.stop();
    // She reads his message: only her tabs hear of it, and his chat shows it unread.
    expect(events.delivered('message.read').map((e) => e.userIds)).toEqual([[her.member.id]]);
    const his = messagePageSchema.parse((await list(him.session, matchId)).json()).items;
    expect(his.find((m) => m.id === fromHim.id)?.read).toBe(false);

    await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { read_receipts: true },
    });
    const again = messagePageSchema.parse((await list(him.session, matchId)).json()).items;
    expect(again.find((m) => m.id === fromHim.id)?.read).toBe(true);
  });

  it('with Read Receipts off, a retried send does not reveal the reader’s read either', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const id = randomUUID();
    expect((await send(her.session, matchId, 'Dinner on Friday?', id)).statusCode).toBe(201);
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { read_receipts: false },
    });
    expect((await markRead(him.session, matchId)).json()).toEqual({ read_ids: [id] });
    const again = await send(her.session, matchId, 'Dinner on Friday?', id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id, read: false });
  });

  it('shows an expired match as expired, and a higher-tier member as a premium user', async () => {
    const pair = await matchedPair(t.app);
    // She upgraded after the match.
    await t.app.ctx.db.update(profiles).set({ tierLevel: 3 }).where(eq(profiles.userId, pair.her.member.id));
    await t.app.ctx.db
      .update(matches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(matches.id, pair.matchId));
    const [item] = matchListSchema.parse((await matchList(pair.him.session)).json()).items;
    expect(item).toMatchObject({
      status: 'expired',
      premium_user: true,
      last_message: null,
      unread_count: 0,
    });
    const [theirs] = matchListSchema.parse((await matchList(pair.her.session)).json()).items;
    expect(theirs?.premium_user).toBe(false);
  });
});

describe('encryption at rest', () => {
  it('binds each ciphertext to its row: one moved onto another message does not decrypt (shown as unreadable, left for inspection)', async () => {
    const { him, matchId } = await matchedPair(t.app);
    const a = messageSchema.parse((await send(him.session, matchId, 'first')).json());
    const b = messageSchema.parse((await send(him.session, matchId, 'second')).json());
    const [rowA] = await t.app.ctx.db.select().from(messages).where(eq(messages.id, a.id));
    await t.app.ctx.db
      .update(messages)
      .set({ ciphertext: rowA?.ciphertext, nonce: rowA?.nonce })
      .where(eq(messages.id, b.id));
    const page = messagePageSchema.parse((await list(him.session, matchId)).json());
    expect(page.items.map((m) => m.content)).toEqual(['first', UNREADABLE_MESSAGE_TEXT]);
    // A rotation re-encrypts what it can read and reports the rest, leaving it untouched.
    const rotated = parseMessageKeys(
      [newMessageKey(), t.app.ctx.messageKeys.current]
        .map((k) => `${k.id}:${k.key.toString('base64')}`)
        .join(','),
    );
    expect(await reencryptMessages({ db: t.app.ctx.db, messageKeys: rotated })).toEqual({
      reencrypted: 1,
      unreadable: [b.id],
    });
    await t.app.ctx.db.delete(messages).where(eq(messages.id, b.id));
  });

  it('re-encrypts old-key and legacy rows with the current key after a rotation, and they still read', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    expect((await send(him.session, matchId, 'under the old key')).statusCode).toBe(201);
    await t.app.ctx.db.insert(messages).values({
      matchId,
      senderId: her.member.id,
      receiverId: him.member.id,
      legacyContent: 'written before encryption',
    });
    const old = t.app.ctx.messageKeys;
    const fresh = newMessageKey();
    const rotated = parseMessageKeys(
      [fresh, old.current].map((k) => `${k.id}:${k.key.toString('base64')}`).join(','),
    );
    const moved = await reencryptMessages({ db: t.app.ctx.db, messageKeys: rotated }, { batchSize: 1 });
    expect(moved).toEqual({ reencrypted: 2, unreadable: [] });
    const rows = await rowsOf(matchId);
    expect(rows.every((r) => r.keyId === fresh.id && r.legacyContent === null)).toBe(true);
    // The app still holds only the old key: the rotated rows are unreadable to it, readable with the new ring.
    const app = t.app.ctx as { messageKeys: typeof rotated };
    app.messageKeys = rotated;
    try {
      const page = messagePageSchema.parse((await list(him.session, matchId)).json());
      expect(page.items.map((m) => m.content).sort()).toEqual([
        'under the old key',
        'written before encryption',
      ]);
    } finally {
      app.messageKeys = old;
    }
    expect(await reencryptMessages({ db: t.app.ctx.db, messageKeys: rotated })).toEqual({
      reencrypted: 0,
      unreadable: [],
    });
  });
});

describe('the match list, a page at a time', () => {
  it('pages by latest activity without gaps or repeats, and opens one match by id for its member only', async () => {
    const him = await signedInMember(t.app, { tier: 2, userType: 'men' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const her = await signedInMember(t.app, { tier: 2, userType: 'women' });
      await request(t.app, 'POST', '/api/swipes', {
        session: him.session,
        body: { target_id: her.member.id, direction: 'right' },
      });
      const reply = await request(t.app, 'POST', '/api/swipes', {
        session: her.session,
        body: { target_id: him.member.id, direction: 'right' },
      });
      ids.unshift(reply.json().match.id);
    }
    const page = async (query: string) =>
      matchListSchema.parse(
        (await request(t.app, 'GET', `/api/matches?${query}`, { session: him.session })).json(),
      );
    const first = await page('limit=2');
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 2));
    expect(first.next_cursor).not.toBeNull();
    const second = await page(`limit=2&cursor=${encodeURIComponent(first.next_cursor as string)}`);
    expect(second.items.map((m) => m.id)).toEqual(ids.slice(2));
    expect(second.next_cursor).toBeNull();
    expect(
      (await request(t.app, 'GET', '/api/matches?cursor=nonsense', { session: him.session })).statusCode,
    ).toBe(400);

    const one = await request(t.app, 'GET', `/api/matches/${ids[2]}`, { session: him.session });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(second.items[0]);
    const stranger = await signedInMember(t.app, { tier: 2, userType: 'men' });
    expect(
      (await request(t.app, 'GET', `/api/matches/${ids[2]}`, { session: stranger.session })).statusCode,
    ).toBe(404);
    expect((await request(t.app, 'GET', `/api/matches/${ids[2]}`)).statusCode).toBe(401);
  });
});

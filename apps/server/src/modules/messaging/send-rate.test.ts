import { randomUUID } from 'node:crypto';
import { MESSAGE_RATE_LIMITED_TEXT, MESSAGES_PER_MEMBER_PER_MINUTE } from '@royal/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp, useTwoInstances } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import type { App } from '../../app';
import { messages, notifications } from '../../db/schema';

const LIMIT = MESSAGES_PER_MEMBER_PER_MINUTE;
const RATE_LIMITED = JSON.stringify({ error: { code: 'RATE_LIMITED', message: MESSAGE_RATE_LIMITED_TEXT } });

const send = (app: App, session: Session, matchId: string, id: string = randomUUID()) =>
  request(app, 'POST', `/api/matches/${matchId}/messages`, { session, body: { id, content: 'Hello?' } });

/** Him and two women he matched with: two chats of his. */
async function twoChats(app: App) {
  const first = await matchedPair(app);
  const other = await signedInMember(app, { tier: 2, name: 'Giulia', userType: 'women' });
  const swipe = (session: Session, target_id: string) =>
    request(app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
  await swipe(first.him.session, other.member.id);
  const matched = await swipe(other.session, first.him.member.id);
  return { ...first, other, otherMatchId: matched.json().match.id as string };
}

/** The sends' statuses, counted: { 201: n, 429: m, … }. */
const statuses = (replies: { statusCode: number }[]) =>
  replies.reduce<Record<number, number>>((counts, r) => {
    counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const messagesIn = (app: App, matchIds: string[]) =>
  app.ctx.db.select({ id: messages.id }).from(messages).where(inArray(messages.matchId, matchIds));

describe('the send rate of a member', () => {
  const t = useTestApp();

  it(`takes at most ${LIMIT} messages a minute from one member across all their chats, refusing the rest with 429`, async () => {
    const { him, her, matchId, other, otherMatchId } = await twoChats(t.app);
    // A flood at once, spread over both chats (issue 31's probe sent 700 to one match: 487 went through).
    const replies = await Promise.all(
      Array.from({ length: 120 }, (_, i) => send(t.app, him.session, i % 2 ? matchId : otherMatchId)),
    );
    expect(statuses(replies)).toEqual({ 201: LIMIT, 429: 120 - LIMIT });
    for (const refused of replies.filter((r) => r.statusCode === 429))
      expect(refused.body).toBe(RATE_LIMITED);
    expect(await messagesIn(t.app, [matchId, otherMatchId])).toHaveLength(LIMIT);
    // His flood is his alone: the women still write.
    expect((await send(t.app, her.session, matchId)).statusCode).toBe(201);
    expect((await send(t.app, other.session, otherMatchId)).statusCode).toBe(201);
    // Each woman has one notice of his messages, not one per message.
    for (const woman of [her.member.id, other.member.id]) {
      const notes = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, woman));
      expect(notes.filter((n) => n.type === 'message')).toHaveLength(1);
    }
  });

  it('gives back the count of a send that wrote nothing: a retry, a refusal', async () => {
    const { him, matchId } = await matchedPair(t.app);
    const id = randomUUID();
    expect((await send(t.app, him.session, matchId, id)).statusCode).toBe(201);
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await send(t.app, him.session, matchId, id)).statusCode).toBe(200);
      expect((await send(t.app, him.session, randomUUID())).statusCode).toBe(404);
    }
    // Only the first send counted.
    const more = await Promise.all(Array.from({ length: LIMIT }, () => send(t.app, him.session, matchId)));
    expect(statuses(more)).toEqual({ 201: LIMIT - 1, 429: 1 });
  });
});

// Two API instances on one database; with TEST_REDIS_URL (CI's PostgreSQL pass) both count in Redis,
// so a member sending through both still gets one allowance.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the send rate across two instances (Redis)', () => {
  const two = useTwoInstances({}, { redisBusFrom: redisUrl, config: { redisUrl } });

  it(`takes at most ${LIMIT} a minute from a member whose sends reach both instances`, async () => {
    const { him, matchId } = await matchedPair(two.a);
    const replies = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) => send(i % 2 ? two.a : two.b, him.session, matchId)),
    );
    expect(statuses(replies)).toEqual({ 201: LIMIT, 429: LIMIT });
    expect(await messagesIn(two.a, [matchId])).toHaveLength(LIMIT);
  });
});

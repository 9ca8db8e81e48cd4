import { randomUUID } from 'node:crypto';
import { MESSAGES_PER_MEMBER_PER_MINUTE, type Notification, notificationListSchema } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import type { BusMessage } from '../../adapters/bus';
import { notifications } from '../../db/schema';
import { notify } from '../notifications';

const t = useTestApp();

const send = (session: Session, matchId: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content: 'Are you free on Friday?' },
  });
const readChat = (session: Session, matchId: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/read`, { session });
const noticesOf = async (session: Session) =>
  notificationListSchema.parse((await request(t.app, 'GET', '/api/notifications', { session })).json());
/** A pair just matched, her match and like notices read: only what follows counts as unread. */
async function pairReadUp() {
  const pair = await matchedPair(t.app);
  await request(t.app, 'POST', '/api/notifications/read-all', { session: pair.her.session });
  return pair;
}
const messageNotices = async (session: Session) =>
  (await noticesOf(session)).items.filter((n) => n.type === 'message');

/** The events published while `body` runs, by type. */
async function eventsDuring(body: () => Promise<unknown>) {
  const events: BusMessage[] = [];
  const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
  try {
    await body();
  } finally {
    stop();
  }
  return (type: string) => events.flatMap((e) => (e.kind === 'deliver' && e.event.type === type ? [e] : []));
}

describe("a chat's new-messages notice", () => {
  it('is one per chat, updated in place as messages arrive: unread again, back at the top, counting them', async () => {
    const { him, her, matchId } = await pairReadUp();
    expect((await send(him.session, matchId)).statusCode).toBe(201);
    const [first] = await messageNotices(her.session);
    expect(first).toMatchObject({
      title: 'New message',
      message: 'Matteo sent you a message',
      is_read: false,
    });

    // Something else arrives after it.
    await t.app.ctx.transact((work) =>
      notify(work, [{ userId: her.member.id, type: 'system', title: 'Later', message: 'A later notice' }]),
    );
    const delivered = await eventsDuring(async () => {
      expect((await send(him.session, matchId)).statusCode).toBe(201);
      expect((await send(him.session, matchId)).statusCode).toBe(201);
    });
    const list = await noticesOf(her.session);
    expect(list.items.filter((n) => n.type === 'message')).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: first?.id,
      type: 'message',
      title: 'New messages',
      message: '3 new messages from Matteo',
      is_read: false,
      link: `/messages/${matchId}`,
    });
    expect(list.unread_count).toBe(2);
    // Each update reaches her as notification.created under the same id; the last is what the list shows.
    const live = delivered('notification.created');
    expect(live.map((e) => e.userIds)).toEqual([[her.member.id], [her.member.id]]);
    expect(live.map((e) => (e.event.payload as Notification).message)).toEqual([
      '2 new messages from Matteo',
      '3 new messages from Matteo',
    ]);
    expect(live.at(-1)?.event.payload).toEqual(list.items[0]);
    // His messages never touch his own notices.
    expect(await messageNotices(him.session)).toEqual([]);
  });

  it('is read with the chat (every tab of hers is told), and counts afresh from the next message', async () => {
    const { him, her, matchId } = await pairReadUp();
    await send(him.session, matchId);
    await send(him.session, matchId);
    const [notice] = await messageNotices(her.session);

    const delivered = await eventsDuring(() => readChat(her.session, matchId));
    expect(delivered('notification.read').map((e) => [e.userIds, e.event.payload])).toEqual([
      [[her.member.id], { ids: [notice?.id] }],
    ]);
    expect(await noticesOf(her.session)).toMatchObject({ unread_count: 0 });
    expect(await messageNotices(her.session)).toMatchObject([{ id: notice?.id, is_read: true }]);
    // Nothing left to read: nothing announced.
    expect((await eventsDuring(() => readChat(her.session, matchId)))('notification.read')).toEqual([]);

    await send(him.session, matchId);
    expect(await messageNotices(her.session)).toEqual([
      expect.objectContaining({ id: notice?.id, message: 'Matteo sent you a message', is_read: false }),
    ]);
    // Read from the notification list instead, it counts afresh too.
    await request(t.app, 'POST', `/api/notifications/${notice?.id}/read`, { session: her.session });
    await send(him.session, matchId);
    expect(await messageNotices(her.session)).toEqual([
      expect.objectContaining({ id: notice?.id, message: 'Matteo sent you a message', is_read: false }),
    ]);
    // Dismissed, the next message brings a new one.
    await request(t.app, 'DELETE', `/api/notifications/${notice?.id}`, { session: her.session });
    await send(him.session, matchId);
    const [fresh] = await messageNotices(her.session);
    expect(fresh).toMatchObject({ message: 'Matteo sent you a message', is_read: false });
    expect(fresh?.id).not.toBe(notice?.id);
  });

  it('stays one row per chat and member when both flood it at once, counting every message written', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const flood = (session: Session) => Array.from({ length: 200 }, () => send(session, matchId));
    const replies = await Promise.all([...flood(him.session), ...flood(her.session)]);
    const written = replies.filter((r) => r.statusCode === 201);
    expect(written).toHaveLength(2 * MESSAGES_PER_MEMBER_PER_MINUTE);

    for (const [member, sender] of [
      [her, 'Matteo'],
      [him, 'Sofia'],
    ] as const) {
      const rows = await t.app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.member.id), eq(notifications.type, 'message')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        eventCount: MESSAGES_PER_MEMBER_PER_MINUTE,
        message: `${MESSAGES_PER_MEMBER_PER_MINUTE} new messages from ${sender}`,
        isRead: false,
      });
    }
  });
});

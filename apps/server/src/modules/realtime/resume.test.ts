import { randomUUID } from 'node:crypto';
import { type RealtimeMissed, type SocketFrame, socketFrameSchema } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { request, type Session, TEST_ORIGIN, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { realtimeEvents } from '../../db/schema';
import { pruneRealtimeEvents, REALTIME_RETENTION_MS } from './positions';

// Decision 064: every durable event carries a position in its member's stream, and a tab that lost
// its socket asks for what came after the last one it saw.

const t = useTestApp();
const open: WebSocket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

async function connect(session: Session) {
  const frames: SocketFrame[] = [];
  const socket = await t.app.injectWS(
    '/api/realtime',
    { headers: { host: 'localhost', cookie: session.cookie, origin: TEST_ORIGIN } } as never,
    {
      onInit: (ws) =>
        ws.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString())))),
    },
  );
  open.push(socket);
  const next = async (test: (frame: SocketFrame) => boolean) => {
    const deadline = Date.now() + 2000;
    for (;;) {
      const found = frames.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { frames, next };
}

const missed = async (session: Session | null, after: number, limit?: number) => {
  const reply = await request(
    t.app,
    'GET',
    `/api/realtime/missed?after=${after}${limit ? `&limit=${limit}` : ''}`,
    { session },
  );
  return { status: reply.statusCode, body: reply.json() as RealtimeMissed };
};

const send = (session: Session, matchId: string, content: string) =>
  request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content },
  });

describe('positions in the realtime stream', () => {
  it('says where the stream stands as a socket joins, and gives each event its increasing position', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const tab = await connect(her.session);
    const hello = await tab.next((f) => f.type === 'hello');
    expect(hello).toEqual({ type: 'hello', position: expect.any(Number) });
    for (const content of ['One', 'Two'])
      expect((await send(him.session, matchId, content)).statusCode).toBe(201);
    await tab.next((f) => f.type === 'message.created' && f.payload.content === 'Two');
    const positions = tab.frames.flatMap((f) => ('position' in f && f.type !== 'hello' ? [f.position] : []));
    expect(positions.length).toBeGreaterThanOrEqual(2);
    expect(positions.every((p) => typeof p === 'number')).toBe(true);
    expect([...positions].sort((a, b) => (a as number) - (b as number))).toEqual(positions);
    expect(positions[0]).toBeGreaterThan(hello.type === 'hello' ? hello.position : Infinity);
  });

  it('keeps no message text in the clear', async () => {
    const { him, matchId } = await matchedPair(t.app);
    const secret = `Sealed ${randomUUID()}`;
    expect((await send(him.session, matchId, secret)).statusCode).toBe(201);
    const { rows } = await t.app.ctx.db.execute<{ logged: number; clear: number }>(
      sql`select count(*)::int as logged,
          count(*) filter (where position(convert_to(${secret}, 'UTF8') in ciphertext) > 0)::int as clear
        from ${realtimeEvents} where user_id = ${him.member.id}::uuid`,
    );
    expect(rows[0]?.logged).toBeGreaterThan(0);
    expect(rows[0]?.clear).toBe(0);
  });
});

describe('GET /api/realtime/missed', () => {
  it('gives the owner their events after a position, in order, as they were delivered', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const tab = await connect(her.session);
    const hello = await tab.next((f) => f.type === 'hello');
    const from = hello.type === 'hello' ? hello.position : 0;
    for (const content of ['First', 'Second', 'Third']) await send(him.session, matchId, content);
    await tab.next((f) => f.type === 'message.created' && f.payload.content === 'Third');
    const live = tab.frames.filter((f) => f.type !== 'hello');

    const last = live.at(-1);
    const lastPosition = last && 'position' in last ? last.position : undefined;
    const since = (events: RealtimeMissed['events'], position: number) =>
      events.filter((e) => ('position' in e ? (e.position ?? 0) : 0) > position);

    const { status, body } = await missed(her.session, from);
    expect(status).toBe(200);
    expect(body.too_old).toBe(false);
    expect(body.has_more).toBe(false);
    // After the position: exactly what was delivered. Before it, the margin repeats what the match
    // told her moments earlier (she saw those ids), never anybody else's.
    expect(since(body.events, from)).toEqual(live);
    expect(body.position).toBe(lastPosition);

    // From the last one: nothing new.
    const after = await missed(her.session, body.position);
    expect(since(after.body.events, body.position)).toEqual([]);

    // A page at a time, each moving on.
    const first = await missed(her.session, from, 2);
    expect(since(first.body.events, from)).toEqual(live.slice(0, 2));
    expect(first.body.has_more).toBe(true);
    const second = await missed(her.session, first.body.position, 2);
    expect(since(second.body.events, first.body.position)).toEqual(live.slice(2, 4));
  });

  it('after a recent break of the bus, also repeats what was logged during it before the position', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const tab = await connect(her.session);
    for (const content of ['Relayed late', 'Seen live']) await send(him.session, matchId, content);
    const seen = await tab.next((f) => f.type === 'message.created' && f.payload.content === 'Seen live');
    const position = 'position' in seen ? (seen.position as number) : 0;
    // The first was logged during a break a minute ago (another instance could not publish it then):
    // older than the reorder margin of the position she saw since.
    await t.app.ctx.db.execute(sql`update ${realtimeEvents} set created_at = created_at - interval '1 minute'
      where user_id = ${her.member.id}::uuid and position < ${position}::bigint`);
    const relayed = (body: RealtimeMissed) =>
      body.events.some((e) => e.type === 'message.created' && e.payload.content === 'Relayed late');

    expect(relayed((await missed(her.session, position)).body)).toBe(false);
    const now = Date.now();
    const recentBreak = { from: new Date(now - 70_000), to: new Date(now - 30_000) };
    t.app.ctx.bus.lastBreak = () => recentBreak;
    try {
      const after = await missed(her.session, position);
      expect(relayed(after.body)).toBe(true);
      expect(after.body.position).toBe(position);
      // Long after the break, the margin is the reorder margin again.
      t.app.ctx.bus.lastBreak = () => ({
        from: new Date(now - 20 * 60_000),
        to: new Date(now - 10 * 60_000),
      });
      expect(relayed((await missed(her.session, position)).body)).toBe(false);
    } finally {
      t.app.ctx.bus.lastBreak = () => null;
    }
  });

  it('gives another member none of them, and a signed-out caller a 401', async () => {
    const { him, matchId } = await matchedPair(t.app);
    const stranger = await signedInMember(t.app);
    const before = await missed(stranger.session, 0);
    await send(him.session, matchId, 'Not for you');
    const after = await missed(stranger.session, 0);
    expect(after.body.events).toEqual(before.body.events);
    expect(after.body.events.every((e) => e.type !== 'message.created')).toBe(true);
    expect((await missed(null, 0)).status).toBe(401);
    expect(
      (await request(t.app, 'GET', '/api/realtime/missed?after=-1', { session: stranger.session }))
        .statusCode,
    ).toBe(400);
  });

  it('answers too_old for a position the retention window no longer reaches, or one never given', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const tab = await connect(her.session);
    const hello = await tab.next((f) => f.type === 'hello');
    const from = hello.type === 'hello' ? hello.position : 0;
    await send(him.session, matchId, 'Before the prune');
    await send(him.session, matchId, 'Also before');
    await tab.next((f) => f.type === 'message.created' && f.payload.content === 'Also before');
    const { body } = await missed(her.session, from);
    expect(body.too_old).toBe(false);

    expect((await missed(her.session, body.position + 1_000_000)).body).toMatchObject({
      too_old: true,
      events: [],
    });
    // A day later everything logged is pruned but the newest row (the stream's head).
    await pruneRealtimeEvents(t.app.ctx, new Date(Date.now() + REALTIME_RETENTION_MS + 60_000));
    expect((await missed(her.session, from)).body).toMatchObject({ too_old: true, events: [] });
  });
});

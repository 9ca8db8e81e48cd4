import { randomUUID } from 'node:crypto';
import {
  accessRefusal,
  type ClientMessage,
  MATCH_NOT_FOUND_TEXT,
  REALTIME_CLOSE,
  REALTIME_LIMITS,
  type SocketFrame,
  socketFrameSchema,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { request, type Session, TEST_ORIGIN, useTestApp } from '../../../test/app';
import { callerRules, callers } from '../../../test/callers';
import { block, matchedPair } from '../../../test/discovery';
import { createMember, signedInMember, signInAs } from '../../../test/factories';
import { profiles } from '../../db/schema';
import { CLIENT_MESSAGE_ACCESS } from './hub';

const t = useTestApp();
const open: WebSocket[] = [];

afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

/** A socket as a browser tab of ours would open it (Host, cookie and Origin), collecting what arrives. */
async function connect(session: Session | null, origin: string | null = TEST_ORIGIN) {
  const headers: Record<string, string> = { host: 'localhost' };
  if (session) headers.cookie = session.cookie;
  if (origin) headers.origin = origin;
  const frames: SocketFrame[] = [];
  // The `hello` each socket gets as it joins (decision 064), apart from the events.
  const hello: SocketFrame[] = [];
  const socket = await t.app.injectWS('/api/realtime', { headers } as never, {
    onInit: (ws) =>
      ws.on('message', (data) => {
        const frame = socketFrameSchema.parse(JSON.parse(data.toString()));
        (frame.type === 'hello' ? hello : frames).push(frame);
      }),
  });
  open.push(socket);
  return {
    socket,
    frames,
    hello,
    send: (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    /** Waits for a frame matching `test` (already arrived or arriving within `ms`). */
    async next(test: (frame: SocketFrame) => boolean, ms = 2000): Promise<SocketFrame> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    closed: () => new Promise<number>((done) => socket.once('close', (code) => done(code))),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

/** The refusal of a typing frame for a match that is not the member's, or stands across a block. */
const NO_SUCH_MATCH = { type: 'error', payload: { code: 'NOT_FOUND', message: MATCH_NOT_FOUND_TEXT } };

describe('the realtime handshake', () => {
  it('refuses a signed-out caller and a foreign or missing Origin', async () => {
    const { him } = await matchedPair(t.app);
    await expect(connect(null)).rejects.toThrow('401');
    await expect(connect(him.session, 'https://evil.example')).rejects.toThrow('403');
    await expect(connect(him.session, null)).rejects.toThrow('403');
    const ok = await connect(him.session);
    ok.send({ type: 'ping' });
    expect(await ok.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
  });
});

describe('events', () => {
  it('delivers a message to both members at once, and its read receipt to the sender', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const hisTab = await connect(him.session);
    const herTab = await connect(her.session);
    const id = randomUUID();
    const sent = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
      session: him.session,
      body: { id, content: 'Are you free tonight?' },
    });
    expect(sent.statusCode).toBe(201);
    for (const tab of [hisTab, herTab]) {
      const frame = await tab.next((f) => f.type === 'message.created');
      expect(frame).toMatchObject({
        payload: { id, content: 'Are you free tonight?', sender_id: him.member.id },
      });
    }
    expect(await herTab.next((f) => f.type === 'notification.created')).toMatchObject({
      payload: { type: 'message' },
    });
    await request(t.app, 'POST', `/api/matches/${matchId}/read`, { session: her.session });
    expect(await hisTab.next((f) => f.type === 'message.read')).toMatchObject({
      payload: { match_id: matchId, reader_id: her.member.id, ids: [id] },
    });
  });

  it('sends typing only to the other member of that match, and lets it lapse', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const bystander = await matchedPair(t.app);
    const hisTab = await connect(him.session);
    const herTab = await connect(her.session);
    const otherTab = await connect(bystander.her.session);
    hisTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    expect(await herTab.next((f) => f.type === 'typing')).toEqual({
      type: 'typing',
      payload: { match_id: matchId, user_id: him.member.id, is_typing: true },
    });
    // Without another signal it lapses to false by itself.
    const lapsed = await herTab.next(
      (f) => f.type === 'typing' && !f.payload.is_typing,
      REALTIME_LIMITS.typingLapseMs + 1000,
    );
    expect(lapsed).toMatchObject({ payload: { is_typing: false } });
    await settle();
    expect(hisTab.frames.filter((f) => f.type === 'typing')).toEqual([]);
    expect(otherTab.frames).toEqual([]);
  });
});

describe('refusals on the socket', () => {
  it('stops renewed typing signals as soon as a block stands between the two', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const hisTab = await connect(him.session);
    const herTab = await connect(her.session);
    hisTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    await herTab.next((f) => f.type === 'typing');
    await block(t.app, her.member.id, him.member.id);
    const before = herTab.frames.filter((f) => f.type === 'typing' && f.payload.is_typing).length;
    hisTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    expect(await hisTab.next((f) => f.type === 'error')).toEqual(NO_SUCH_MATCH);
    await settle();
    expect(herTab.frames.filter((f) => f.type === 'typing' && f.payload.is_typing)).toHaveLength(before);
  });

  it('refuses typing outside your match, across a block (the same answer: no sign of the block) and without the right to message', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const stranger = await signedInMember(t.app, { tier: 3 });
    const strangerTab = await connect(stranger.session);
    strangerTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    expect(await strangerTab.next((f) => f.type === 'error')).toEqual(NO_SUCH_MATCH);

    const herTab = await connect(her.session);
    const lapsed = await matchedPair(t.app);
    await t.app.ctx.db
      .update(profiles)
      .set({ tierSubscriptionActive: false })
      .where(eq(profiles.userId, lapsed.him.member.id));
    await t.app.ctx.actors.invalidate([lapsed.him.member.id]);
    const lapsedTab = await connect(lapsed.him.session);
    lapsedTab.send({ type: 'typing', payload: { match_id: lapsed.matchId, is_typing: true } });
    expect(await lapsedTab.next((f) => f.type === 'error')).toMatchObject({
      payload: { code: 'SUBSCRIPTION_INACTIVE' },
    });

    await block(t.app, her.member.id, him.member.id);
    const hisTab = await connect(him.session);
    hisTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    expect(await hisTab.next((f) => f.type === 'error')).toEqual(NO_SUCH_MATCH);
    await settle();
    expect(herTab.frames.filter((f) => f.type === 'typing')).toEqual([]);
  });

  it('answers a malformed frame with an error, and closes on an oversize frame or a flood', async () => {
    const { him } = await matchedPair(t.app);
    const tab = await connect(him.session);
    tab.send('not json');
    tab.send({ type: 'typing', payload: { match_id: 'nope', is_typing: 'yes' } });
    tab.send({ type: 'message.created', payload: {} });
    await settle();
    expect(tab.frames.filter((f) => f.type === 'error')).toHaveLength(3);
    expect(tab.frames.every((f) => f.type === 'error' && f.payload.code === 'VALIDATION_FAILED')).toBe(true);

    const big = await connect(him.session);
    const bigClosed = big.closed();
    big.send({ type: 'ping', padding: 'x'.repeat(REALTIME_LIMITS.maxFrameBytes) });
    expect(await bigClosed).toBe(1009);

    const flood = await connect(him.session);
    const floodClosed = flood.closed();
    for (let i = 0; i <= REALTIME_LIMITS.framesPerWindow; i += 1) flood.send({ type: 'ping' });
    expect(await floodClosed).toBe(REALTIME_CLOSE.rateLimited);
  });

  it("holds one member's sockets to their number, and their frames to one budget across them", async () => {
    const { him, her } = await matchedPair(t.app);
    const tabs = [];
    for (let i = 0; i < REALTIME_LIMITS.socketsPerMember; i += 1) tabs.push(await connect(him.session));
    await expect(connect(him.session)).rejects.toThrow('429');
    // Another member is not held to his number.
    const herTab = await connect(her.session);

    // Frames from all his sockets count together: each socket stays within its own budget, and the
    // frame past the member's closes the socket that sent it.
    const perTab = Math.ceil(REALTIME_LIMITS.memberFramesPerWindow / tabs.length) + 1;
    expect(perTab).toBeLessThanOrEqual(REALTIME_LIMITS.framesPerWindow);
    for (const tab of tabs) for (let i = 0; i < perTab; i += 1) tab.send({ type: 'ping' });
    await settle();
    expect(tabs.some((tab) => tab.socket.readyState !== tab.socket.OPEN)).toBe(true);
    const pongs = tabs.reduce((n, tab) => n + tab.frames.filter((f) => f.type === 'pong').length, 0);
    expect(pongs).toBe(REALTIME_LIMITS.memberFramesPerWindow);
    // Her budget is her own.
    herTab.send({ type: 'ping' });
    expect(await herTab.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('closes the sockets of a member who signs out, and only theirs', async () => {
    const { him, her } = await matchedPair(t.app);
    const hisTab = await connect(him.session);
    const herTab = await connect(her.session);
    const closed = hisTab.closed();
    const out = await request(t.app, 'POST', '/api/auth/sign-out', { session: him.session, body: {} });
    expect(out.statusCode).toBe(204);
    expect(await closed).toBe(REALTIME_CLOSE.unauthenticated);
    expect(herTab.socket.readyState).toBe(herTab.socket.OPEN);
  });

  it('follows a change of the member (a lapsed subscription) for later frames', async () => {
    const { him, matchId } = await matchedPair(t.app);
    const hisTab = await connect(him.session);
    await t.app.ctx.db
      .update(profiles)
      .set({ tierSubscriptionActive: false })
      .where(eq(profiles.userId, him.member.id));
    await t.app.ctx.actors.invalidate([him.member.id]);
    await settle();
    hisTab.send({ type: 'typing', payload: { match_id: matchId, is_typing: true } });
    expect(await hisTab.next((f) => f.type === 'error')).toMatchObject({
      payload: { code: 'SUBSCRIPTION_INACTIVE' },
    });
  });
});

describe('the socket access matrix', () => {
  /** A well-formed frame of each type, about a match nobody owns. */
  const FRAMES: Record<ClientMessage['type'], ClientMessage> = {
    ping: { type: 'ping' },
    typing: {
      type: 'typing',
      payload: { match_id: '00000000-0000-4000-8000-000000000000', is_typing: true },
    },
  };
  const ACCESS_CODES = new Set([
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'TIER_REQUIRED',
    'SUBSCRIPTION_INACTIVE',
    'EMAIL_CONFIRMATION_REQUIRED',
  ]);

  it('declares every client frame type', () => {
    expect(Object.keys(CLIENT_MESSAGE_ACCESS).sort()).toEqual(Object.keys(FRAMES).sort());
  });

  it('refuses each frame type exactly as declared, at every tier and role', async () => {
    for (const caller of callers()) {
      const member = await createMember(t.app, {
        tier: caller.tier,
        roles: caller.roles,
        subscriptionActive: caller.subscriptionActive,
        subscriptionEndsAt: caller.subscriptionActive ? new Date(Date.now() + 86_400_000) : null,
        emailConfirmed: caller.emailConfirmed ?? true,
      });
      const tab = await connect(await signInAs(t.app, member));
      for (const [type, frame] of Object.entries(FRAMES)) {
        const name = `${type} as ${caller.label}`;
        const expected = accessRefusal(
          callerRules(caller),
          CLIENT_MESSAGE_ACCESS[type as ClientMessage['type']],
        );
        const before = tab.frames.length;
        tab.send(frame);
        const reply = await tab.next(
          (f) => tab.frames.indexOf(f) >= before && (f.type === 'error' || f.type === 'pong'),
        );
        if (expected) {
          expect(reply, name).toEqual({
            type: 'error',
            payload: { code: expected.code, message: expected.message },
          });
        } else {
          expect(
            reply.type === 'error' && ACCESS_CODES.has(reply.payload.code),
            `${name}: ${JSON.stringify(reply)}`,
          ).toBe(false);
        }
      }
      tab.socket.terminate();
    }
  });
});

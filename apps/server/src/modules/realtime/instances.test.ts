import { randomUUID } from 'node:crypto';
import { type SocketFrame, socketFrameSchema } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, TEST_ORIGIN, useTwoInstances } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';

// Two API instances on one database. With TEST_REDIS_URL (CI's PostgreSQL pass) each has its own
// Redis bus, exactly as two servers would; otherwise they share one in-process bus.
const redisUrl = process.env.TEST_REDIS_URL;

describe(`realtime across two instances (${redisUrl ? 'Redis' : 'in-process'} bus)`, () => {
  const two = useTwoInstances({}, { redisBusFrom: redisUrl });

  it('delivers a message and a typing signal sent through B to a member connected to A within a second', async () => {
    const { a, b } = two;
    const { him, her, matchId } = await matchedPair(b);
    const frames: { at: number; frame: SocketFrame }[] = [];
    const socket = await a.injectWS(
      '/api/realtime',
      { headers: { host: 'localhost', cookie: her.session.cookie, origin: TEST_ORIGIN } } as never,
      {
        onInit: (ws) =>
          ws.on('message', (data) =>
            frames.push({ at: Date.now(), frame: socketFrameSchema.parse(JSON.parse(data.toString())) }),
          ),
      },
    );
    try {
      const typingFrom = await b.injectWS('/api/realtime', {
        headers: { host: 'localhost', cookie: him.session.cookie, origin: TEST_ORIGIN },
      } as never);
      const typedAt = Date.now();
      typingFrom.send(JSON.stringify({ type: 'typing', payload: { match_id: matchId, is_typing: true } }));
      const sentAt = Date.now();
      const sent = await request(b, 'POST', `/api/matches/${matchId}/messages`, {
        session: him.session,
        body: { id: randomUUID(), content: 'Across instances' },
      });
      expect(sent.statusCode).toBe(201);
      const deadline = Date.now() + 1000;
      const arrived = () => ({
        typing: frames.find((f) => f.frame.type === 'typing'),
        message: frames.find((f) => f.frame.type === 'message.created'),
      });
      while ((!arrived().typing || !arrived().message) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const { typing, message } = arrived();
      expect(typing?.frame).toMatchObject({
        payload: { match_id: matchId, user_id: him.member.id, is_typing: true },
      });
      expect(message?.frame).toMatchObject({ payload: { content: 'Across instances', match_id: matchId } });
      expect((typing?.at ?? Infinity) - typedAt).toBeLessThan(1000);
      expect((message?.at ?? Infinity) - sentAt).toBeLessThan(1000);
      typingFrom.terminate();
    } finally {
      socket.terminate();
    }
  });
});

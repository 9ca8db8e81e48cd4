import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SocketFrame, socketFrameSchema } from '@royal/shared';
import { and, eq, or } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { onPostgres, openTestDatabase } from '../../test/database';
import { freePort } from '../../test/free-port';
import {
  killServerProcess,
  type ServerProcess,
  serverSecrets,
  startServerProcess,
} from '../../test/server-process';
import { matches, messages, outboxEmails, sessions, swipeActions } from '../db/schema';
import type { DisposableDatabase } from '../db/scratch';
import { UNIT_AFTER_COMMIT } from '../db/transaction';
import { createMemberDirectly, SESSION_SETTINGS, signSessionToken } from '../modules/auth';
import { MAIL_BEFORE_COMMIT } from './delivery';

// A real server process SIGKILLed right after a unit of work committed and before it published its
// events (TEST_PAUSE_AT=unit.after-commit, lib/pause-point.ts), then started again on the same
// PostgreSQL database: the match notice and match.created of a mutual like, and a message's
// message.created, each reach the members' reconnected sockets once (decision 034). The same for an
// e-mail, killed after the worker handed it over and before that was committed: it is sent once.
// PostgreSQL only (the embedded database is one process's file; durability is PostgreSQL's promise).

const secrets = serverSecrets();

describe.skipIf(!onPostgres)('a server killed between COMMIT and publish', () => {
  let database: DisposableDatabase;
  let server: ServerProcess | undefined;
  let dataDir: string;
  let url: string;
  let port: number;
  let origin: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'rc-delivery-restart-'));
    url = (database.client as pg.Pool).options.connectionString as string;
    port = await freePort();
    origin = `http://localhost:${port}`;
  }, 60_000);
  afterAll(async () => {
    await killServerProcess(server);
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function member(userType: 'men' | 'women') {
    const { id } = await createMemberDirectly(
      database.db,
      { locationKey: randomBytes(32) },
      {
        email: `${randomUUID()}@restart.test`,
        name: userType === 'men' ? 'Marco' : 'Elena',
        acceptedTermsAt: new Date(),
        profile: {
          tierLevel: 2,
          tierSubscriptionActive: true,
          tierSubscriptionEndsAt: new Date(Date.now() + 86_400_000),
          userType,
          gender: userType === 'men' ? 'male' : 'female',
        },
      },
    );
    const token = randomBytes(24).toString('base64url');
    await database.db.insert(sessions).values({
      token,
      userId: id,
      expiresAt: new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
    });
    return {
      id,
      cookie: `rc.session_token=${encodeURIComponent(signSessionToken(token, secrets.authSecret))}`,
    };
  }

  const post = (path: string, cookie: string | null, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { ...(cookie ? { cookie } : {}), origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(
      (res) => res.status,
      () => 'no reply' as const,
    );

  /** The member's socket, as their tab reconnecting to the restarted server: every event frame it gets. */
  function listen(cookie: string) {
    const frames: SocketFrame[] = [];
    const opened = new Promise<WebSocket>((done, fail) => {
      const socket = new WebSocket(`ws://localhost:${port}/api/realtime`, { headers: { cookie, origin } });
      socket.on('message', (data) => frames.push(socketFrameSchema.parse(JSON.parse(data.toString()))));
      socket.once('open', () => done(socket));
      socket.once('error', fail);
    });
    return opened.then((socket) => ({ frames, close: () => socket.terminate() }));
  }

  async function until(what: string, done: () => boolean | Promise<boolean>, ms = 30_000) {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  // The events, without the `hello` each socket gets as it joins (decision 064).
  const types = (frames: SocketFrame[]) =>
    frames
      .filter((f) => f.type !== 'hello')
      .map((f) => f.type)
      .sort();

  it('delivers a match and a message committed just before the kill once each, after the restart', async () => {
    const him = await member('men');
    const her = await member('women');
    // He liked her earlier; her like makes the match.
    await database.db.insert(swipeActions).values({ swiperId: him.id, targetId: her.id, direction: 'right' });

    server = await startServerProcess({
      databaseUrl: url,
      port,
      dataDir,
      secrets,
      pauseAt: UNIT_AFTER_COMMIT,
    });
    const liked = post('/api/swipes', her.cookie, { target_id: him.id, direction: 'right' });
    await server.paused;
    const [match] = await database.db
      .select({ id: matches.id })
      .from(matches)
      .where(or(eq(matches.user1Id, him.id), eq(matches.user2Id, him.id)));
    const matchId = match?.id as string;
    expect(matchId).toBeDefined();
    // Every unit stops there: his message commits and is not published either.
    const messageId = randomUUID();
    const sent = post(`/api/matches/${matchId}/messages`, him.cookie, {
      id: messageId,
      content: 'Still there?',
    });
    await until('the message to commit', async () => {
      return (await database.db.select().from(messages).where(eq(messages.id, messageId))).length === 1;
    });
    await killServerProcess(server);
    expect(await liked).toBe('no reply');
    expect(await sent).toBe('no reply');

    server = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    const [his, hers] = await Promise.all([listen(him.cookie), listen(her.cookie)]);
    try {
      await until('the events to arrive', () => his.frames.length >= 3 && hers.frames.length >= 4);
      // A few more of the worker's passes (one a second): nothing comes twice.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(types(his.frames)).toEqual(['match.created', 'message.created', 'notification.created']);
      expect(types(hers.frames)).toEqual([
        'match.created',
        'message.created',
        'notification.created',
        'notification.created',
      ]);
      for (const frames of [his.frames, hers.frames]) {
        expect(frames).toContainEqual(
          expect.objectContaining({
            type: 'match.created',
            payload: expect.objectContaining({ id: matchId }),
          }),
        );
        expect(frames).toContainEqual(
          expect.objectContaining({
            type: 'message.created',
            payload: expect.objectContaining({ id: messageId, content: 'Still there?' }),
          }),
        );
      }
      expect(hers.frames).toContainEqual(
        expect.objectContaining({
          type: 'notification.created',
          payload: expect.objectContaining({ type: 'match', message: 'You and Marco liked each other!' }),
        }),
      );
    } finally {
      his.close();
      hers.close();
      await killServerProcess(server);
    }
  }, 180_000);

  it('sends the welcome e-mail of a sign-up once, though the server died while sending it', async () => {
    const email = `${randomUUID()}@restart.test`;
    const row = () =>
      database.db
        .select()
        .from(outboxEmails)
        // The welcome (a notice); the sign-up also queues the confirmation link (a security mail).
        .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.kind, 'notice')));

    server = await startServerProcess({
      databaseUrl: url,
      port,
      dataDir,
      secrets,
      pauseAt: MAIL_BEFORE_COMMIT,
    });
    expect(await post('/api/auth/sign-up', null, { email, password: `pw-${randomUUID()}` })).toBe(201);
    // The worker takes it on its first pass, hands it to the transport, and stops before its COMMIT.
    await server.paused;
    await killServerProcess(server);
    expect(await row()).toEqual([expect.objectContaining({ status: 'queued', sentAt: null })]);

    server = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    try {
      await until('the e-mail to be sent', async () => (await row())[0]?.status === 'sent');
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await row()).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 0, subject: expect.any(String) }),
      ]);
    } finally {
      await killServerProcess(server);
    }
  }, 180_000);
});

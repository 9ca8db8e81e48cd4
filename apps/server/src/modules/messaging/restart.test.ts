import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATCH_EXPIRY_MS, messagePageSchema } from '@royal/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { onPostgres, openTestDatabase } from '../../../test/database';
import { freePort } from '../../../test/free-port';
import {
  killServerProcess,
  type ServerProcess,
  serverSecrets,
  startServerProcess,
} from '../../../test/server-process';
import { matches, sessions } from '../../db/schema';
import type { DisposableDatabase } from '../../db/scratch';
import { createMemberDirectly, SESSION_SETTINGS, signSessionToken } from '../auth';

// A real server process, killed with SIGKILL in the middle of a conversation and started again on
// the same PostgreSQL database: every message the server acknowledged is there exactly once, a
// retried send (same client id) does not write it twice, and a client that reconnects catches up.
// PostgreSQL only (the embedded database is one process's file; durability is PostgreSQL's promise).

const secrets = serverSecrets();

describe.skipIf(!onPostgres)('a server killed mid-conversation', () => {
  let database: DisposableDatabase;
  let server: ServerProcess | undefined;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'rc-restart-'));
  }, 60_000);
  afterAll(async () => {
    await killServerProcess(server);
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged message exactly once, and the client catches up', async () => {
    const url = (database.client as pg.Pool).options.connectionString as string;
    const writer = { locationKey: randomBytes(32) };
    const member = async (userType: 'men' | 'women') => {
      const { id } = await createMemberDirectly(database.db, writer, {
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
      });
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
    };
    const him = await member('men');
    const her = await member('women');
    const [user1Id, user2Id] = him.id < her.id ? [him.id, her.id] : [her.id, him.id];
    const [match] = await database.db
      .insert(matches)
      .values({ user1Id, user2Id, expiresAt: new Date(Date.now() + MATCH_EXPIRY_MS) })
      .returning({ id: matches.id });
    const matchId = match?.id as string;

    const port = await freePort();
    const origin = `http://localhost:${port}`;
    server = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });

    // She listens on a socket, as her open tab would.
    const received = new Set<string>();
    const listen = () =>
      new Promise<WebSocket>((done, fail) => {
        const socket = new WebSocket(`ws://localhost:${port}/api/realtime`, {
          headers: { cookie: her.cookie, origin },
        });
        socket.on('message', (data) => {
          const frame = JSON.parse(data.toString());
          if (frame.type === 'message.created') received.add(frame.payload.id);
        });
        socket.once('open', () => done(socket));
        socket.once('error', fail);
      });
    const first = await listen();

    // Both write steadily, in turn (each within their send rate, MESSAGES_PER_MEMBER_PER_MINUTE, for
    // the whole test); the server is killed while sends are in flight.
    const ids: string[] = Array.from({ length: 60 }, () => randomUUID());
    const send = (id: string) =>
      fetch(`${origin}/api/matches/${matchId}/messages`, {
        method: 'POST',
        headers: {
          cookie: (ids.indexOf(id) % 2 ? her : him).cookie,
          origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id, content: `message ${id.slice(0, 8)}` }),
      }).then((res) => res.status);
    const acknowledged = new Set<string>();
    let killed = false;
    await Promise.all(
      ids.map(async (id, i) => {
        await new Promise((r) => setTimeout(r, i * 15));
        if (i === 30 && server) {
          server.child.kill('SIGKILL');
          killed = true;
        }
        try {
          const status = await send(id);
          if (status === 201 || status === 200) acknowledged.add(id);
        } catch {
          // The connection died with the server: not acknowledged, the client will retry.
        }
      }),
    );
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(acknowledged.size).toBeLessThan(ids.length);
    first.terminate();

    server = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    // The client reconnects, then retries every send it never saw acknowledged, with the same ids.
    const again = await listen();
    for (const id of ids) {
      if (acknowledged.has(id)) continue;
      expect([200, 201]).toContain(await send(id));
      acknowledged.add(id);
    }

    // Catching up: the chat, read after reconnecting, holds every message exactly once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(
        `${origin}/api/matches/${matchId}/messages?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: { cookie: her.cookie, origin } },
      );
      const page = messagePageSchema.parse(await res.json());
      seen.push(...page.items.map((m) => m.id));
      cursor = page.older_cursor;
    } while (cursor);
    expect(seen.length).toBe(new Set(seen).size);
    expect(new Set(seen)).toEqual(new Set(ids));
    again.terminate();
  }, 180_000);
});

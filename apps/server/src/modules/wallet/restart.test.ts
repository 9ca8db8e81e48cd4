import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../../../test/database';
import { freePort } from '../../../test/free-port';
import { balanceOf, expectLedgerConsistent } from '../../../test/money';
import {
  killServerProcess,
  type ServerProcess,
  serverSecrets,
  startServerProcess,
} from '../../../test/server-process';
import { idempotencyKeys, peerTransfers, sessions, withdrawals } from '../../db/schema';
import type { DisposableDatabase } from '../../db/scratch';
import { createMemberDirectly, SESSION_SETTINGS, signSessionToken } from '../auth';

// A real server process SIGKILLed at each step of a transfer and of a withdrawal (TEST_PAUSE_AT stops
// it exactly there; see lib/pause-point.ts), then started again on the same PostgreSQL database and
// the request retried with the same Idempotency-Key: each completes exactly once, the retry's reply
// is the reply every later retry gets, and the ledger balances. PostgreSQL only.

const secrets = serverSecrets();

describe.skipIf(!onPostgres)('a server killed in the middle of a money operation', () => {
  let database: DisposableDatabase;
  let dataDir: string;
  let url: string;
  let port: number;
  let origin: string;
  let current: ServerProcess | undefined;
  const members: Record<'sender' | 'receiver', { id: string; cookie: string }> = {} as never;

  const call = (path: string, cookie: string, body: unknown, key?: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        cookie,
        origin,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'rc-money-restart-'));
    url = (database.client as pg.Pool).options.connectionString as string;
    port = await freePort();
    origin = `http://localhost:${port}`;
    for (const role of ['sender', 'receiver'] as const) {
      const { id } = await createMemberDirectly(
        database.db,
        { locationKey: randomBytes(32) },
        {
          email: `${randomUUID()}@restart.test`,
          name: role,
          acceptedTermsAt: new Date(),
          profile: {
            tierLevel: 4,
            tierSubscriptionActive: true,
            tierSubscriptionEndsAt: new Date(Date.now() + 86_400_000),
          },
        },
      );
      const token = randomBytes(24).toString('base64url');
      await database.db.insert(sessions).values({
        token,
        userId: id,
        expiresAt: new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
      });
      members[role] = {
        id,
        cookie: `rc.session_token=${encodeURIComponent(signSessionToken(token, secrets.authSecret))}`,
      };
    }
    // Money in through the real deposit flow: checkout, then Pay on the sandbox page.
    current = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    const deposit = await call(
      '/api/wallet/deposits',
      members.sender.cookie,
      { amount_cents: 100_000 },
      randomUUID(),
    );
    const { checkout_id } = (await deposit.json()) as { checkout_id: string };
    const paid = await call(
      `/api/payments/sandbox/checkouts/${checkout_id}/complete`,
      members.sender.cookie,
      {
        outcome: 'pay',
      },
    );
    expect(paid.status).toBe(200);
    await killServerProcess(current);
  }, 120_000);

  afterAll(async () => {
    await killServerProcess(current);
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts a server that stops at `point`, sends the request, kills the server there, restarts, retries. */
  async function killAtAndRetry(point: string, path: string, body: unknown) {
    const key = `kill-${point}-${randomUUID()}`;
    current = await startServerProcess({ databaseUrl: url, port, dataDir, secrets, pauseAt: point });
    const inFlight = call(path, members.sender.cookie, body, key).then(
      (res) => res.status,
      () => 'no reply' as const,
    );
    await current.paused;
    await killServerProcess(current);
    expect(await inFlight).toBe('no reply');

    current = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    const retried = await call(path, members.sender.cookie, body, key);
    expect(retried.status).toBe(200);
    const first = await retried.text();
    const again = await call(path, members.sender.cookie, body, key);
    expect(await again.text()).toBe(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await killServerProcess(current);
    const [stored] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored?.statusCode).toBe(200);
    return JSON.parse(first);
  }

  const TRANSFER_POINTS = ['transfer.before-commit', 'transfer.after-commit'];
  const WITHDRAWAL_POINTS = [
    'withdrawal.before-commit',
    'withdrawal.after-commit',
    'withdrawal.after-payout',
  ];

  it('completes each transfer exactly once', async () => {
    for (const point of TRANSFER_POINTS) {
      const before = await balanceOf(database.db, members.receiver.id);
      const reply = await killAtAndRetry(point, '/api/wallet/transfers', {
        receiver_id: members.receiver.id,
        amount_cents: 1_000,
      });
      const rows = await database.db
        .select()
        .from(peerTransfers)
        .where(eq(peerTransfers.id, reply.transfer.id));
      expect(rows, point).toHaveLength(1);
      expect((await balanceOf(database.db, members.receiver.id)).balance, point).toBe(before.balance + 1_000);
      await expectLedgerConsistent(database.db);
    }
    const all = await database.db
      .select()
      .from(peerTransfers)
      .where(eq(peerTransfers.senderId, members.sender.id));
    expect(all).toHaveLength(TRANSFER_POINTS.length);
  }, 240_000);

  it('completes each withdrawal exactly once: held, paid out once, nothing left on hold', async () => {
    for (const point of WITHDRAWAL_POINTS) {
      const before = await balanceOf(database.db, members.sender.id);
      const reply = await killAtAndRetry(point, '/api/wallet/withdrawals', { amount_cents: 2_000 });
      const [row] = await database.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, reply.withdrawal.id));
      expect(row?.status, point).toBe('paid');
      expect(await balanceOf(database.db, members.sender.id), point).toEqual({
        balance: before.balance - 2_000,
        held: 0,
      });
      await expectLedgerConsistent(database.db);
    }
    const all = await database.db.select().from(withdrawals).where(eq(withdrawals.userId, members.sender.id));
    expect(all).toHaveLength(WITHDRAWAL_POINTS.length);
  }, 300_000);
});

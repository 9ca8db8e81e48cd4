import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Db } from '../src/db/client';
import { request, type Session } from './app';

export { fundWallet } from './fund-wallet';

export async function balanceOf(db: Db, userId: string): Promise<{ balance: number; held: number }> {
  const rows = await db.execute<{ balance: string; held: string }>(
    sql`select current_balance_cents as balance, held_cents as held from escrow_wallets where user_id = ${userId}`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error('no wallet');
  return { balance: Number(row.balance), held: Number(row.held) };
}

/**
 * The ledger's invariants, checked against the whole database: every entry's lines sum to zero, all
 * lines together sum to zero, and each wallet row equals its two ledger accounts' sums, none negative.
 */
export async function expectLedgerConsistent(db: Db) {
  const unbalanced = await db.execute(
    sql`select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0`,
  );
  expect(unbalanced.rows).toEqual([]);
  const total = await db.execute<{ total: string | null }>(
    sql`select sum(amount_cents) as total from ledger_lines`,
  );
  expect(Number(total.rows[0]?.total ?? 0)).toBe(0);
  const mismatched = await db.execute(sql`
    select w.user_id, w.current_balance_cents, w.held_cents,
      coalesce((select sum(amount_cents) from ledger_lines where account_id = w.wallet_account_id), 0) as wallet_sum,
      coalesce((select sum(amount_cents) from ledger_lines where account_id = w.hold_account_id), 0) as hold_sum
    from escrow_wallets w
    where w.current_balance_cents <> coalesce((select sum(amount_cents) from ledger_lines where account_id = w.wallet_account_id), 0)
       or w.held_cents <> coalesce((select sum(amount_cents) from ledger_lines where account_id = w.hold_account_id), 0)
       or w.current_balance_cents < 0 or w.held_cents < 0`);
  expect(mismatched.rows).toEqual([]);
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `test-key-${process.pid}-${++keyCounter}-${randomUUID().slice(0, 8)}`;

/** POST to a money route with an Idempotency-Key (a fresh one unless given). */
export function moneyPost(app: App, url: string, session: Session, body: unknown, key = newKey()) {
  return request(app, 'POST', url, { session, body, headers: { 'idempotency-key': key } });
}

/** Opens a checkout through a member's route (a plan, a boost, a deposit): its id. Nothing is paid yet. */
export async function openCheckoutAs(app: App, session: Session, url: string, body: unknown) {
  const res = await moneyPost(app, url, session, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().checkout_id as string;
}

/** Presses Pay on the sandbox's TEST MODE page: its signed webhook is applied before this returns. */
export async function paySandboxCheckout(app: App, session: Session, checkoutId: string) {
  const res = await request(app, 'POST', `/api/payments/sandbox/checkouts/${checkoutId}/complete`, {
    session,
    body: { outcome: 'pay' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

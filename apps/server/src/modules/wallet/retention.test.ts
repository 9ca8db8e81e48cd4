import { TRANSACTION_RETENTION_YEARS, walletHistoryPageSchema } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet, moneyPost } from '../../../test/money';
import { pgErrorCode } from '../../db/errors';
import { ledgerEntries, matches, peerTransfers, walletTransactions, withdrawals } from '../../db/schema';
import { retentionCutoff } from '../../lib/retention';
import { purgeExpiredTransactions } from './retention';

// Transaction retention (spec part 2 §9, decision 054): entries past seven years are deleted with
// their history, and their net is carried forward so no balance moves.
const t = useTestApp({}, { isolation: 'test' });

const DAY_MS = 86_400_000;

/** Every account's line sum, by account id, as the database's exact text. */
async function accountSums() {
  const rows = await t.app.ctx.db.execute<{ account_id: string; total: string }>(
    sql`select account_id, sum(amount_cents)::text as total from ledger_lines group by account_id`,
  );
  return Object.fromEntries(rows.rows.map((row) => [row.account_id, row.total]));
}

/**
 * Moves everything money wrote so far to `when`. The ledger refuses updates, so the triggers are off
 * for this one transaction (the tests' database role may do that; the app never does).
 */
async function backdateEverything(when: Date) {
  await t.app.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('session_replication_role', 'replica', true)`);
    for (const table of [ledgerEntries, walletTransactions, withdrawals, peerTransfers])
      await tx.update(table).set({ createdAt: when });
  });
}

/** The entry ids of the rows dated before `cutoff`, sorted. */
function entriesBefore(cutoff: Date, rows: readonly { entryId: string; createdAt: Date }[]) {
  return rows
    .filter((row) => row.createdAt < cutoff)
    .map((row) => row.entryId)
    .sort();
}

async function transfer(from: Session, receiverId: string, amountCents: number, confirmed = false) {
  const res = await moneyPost(t.app, '/api/wallet/transfers', from, {
    receiver_id: receiverId,
    amount_cents: amountCents,
    confirmed,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transfer as { id: string; status: string };
}

async function withdraw(session: Session, amountCents: number) {
  const res = await moneyPost(t.app, '/api/wallet/withdrawals', session, { amount_cents: amountCents });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().withdrawal.id as string;
}

describe('transaction retention', () => {
  it('closes the books on entries past seven years, keeping every balance and what is in progress', async () => {
    const now = new Date();
    const cutoff = retentionCutoff(now, TRANSACTION_RETENTION_YEARS);
    const alice = await signedInMember(t.app, { tier: 2 });
    const bob = await signedInMember(t.app, { tier: 2 });
    const carol = await signedInMember(t.app, { tier: 2 });

    // Long ago: deposits, a transfer, a paid withdrawal, a withdrawal still pending (its payout
    // request was lost) and a transfer still held (to a new match, confirmed).
    await fundWallet(t.app, alice.member.id, 10000);
    await fundWallet(t.app, bob.member.id, 5000);
    const oldTransfer = await transfer(alice.session, bob.member.id, 1500);
    const paidWithdrawal = await withdraw(alice.session, 1000);
    vi.spyOn(t.app.ctx.payments, 'requestPayout').mockRejectedValueOnce(new Error('provider down'));
    const pendingWithdrawal = await withdraw(alice.session, 700);
    const [low, high] = [bob.member.id, carol.member.id].sort() as [string, string];
    await t.app.ctx.db
      .insert(matches)
      .values({ user1Id: low, user2Id: high, expiresAt: new Date(now.getTime() + 2 * DAY_MS) });
    const heldTransfer = await transfer(bob.session, carol.member.id, 500, true);
    expect(heldTransfer.status).toBe('held');
    await backdateEverything(new Date(cutoff.getTime() - 3 * DAY_MS));
    const keptOld = [
      ...(await t.app.ctx.db
        .select({ id: withdrawals.holdEntryId })
        .from(withdrawals)
        .where(eq(withdrawals.id, pendingWithdrawal))),
      ...(await t.app.ctx.db
        .select({ id: walletTransactions.entryId })
        .from(walletTransactions)
        .where(eq(walletTransactions.transferId, heldTransfer.id))),
    ].map((row) => row.id);

    // This year: a deposit and a transfer stay as they are.
    await fundWallet(t.app, carol.member.id, 3000);
    const recentTransfer = await transfer(alice.session, carol.member.id, 200);

    const sumsBefore = await accountSums();
    const balancesBefore = await Promise.all(
      [alice, bob, carol].map((m) => balanceOf(t.app.ctx.db, m.member.id)),
    );
    const oldEntries = await t.app.ctx.db.$count(ledgerEntries, sql`${ledgerEntries.createdAt} < ${cutoff}`);
    const recentEntries = await t.app.ctx.db.$count(
      ledgerEntries,
      sql`${ledgerEntries.createdAt} >= ${cutoff}`,
    );

    // Not yet, by a day: nothing goes.
    expect(await purgeExpiredTransactions(t.app.ctx, new Date(now.getTime() - 4 * DAY_MS))).toBe(0);

    expect(await purgeExpiredTransactions(t.app.ctx, now)).toBe(oldEntries - keptOld.length);
    const left = await t.app.ctx.db
      .select({ id: ledgerEntries.id, type: ledgerEntries.transactionType, at: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.createdAt} <= ${cutoff}`);
    expect(
      entriesBefore(
        cutoff,
        left.map((e) => ({ entryId: e.id, createdAt: e.at })),
      ),
    ).toEqual([...keptOld].sort());
    // One carried-forward entry, dated at the cutoff; the recent entries are all still there.
    const carried = left.filter((e) => e.type === 'balance_carried_forward');
    expect(carried.map((e) => e.at.getTime())).toEqual([cutoff.getTime()]);
    expect(await t.app.ctx.db.$count(ledgerEntries)).toBe(recentEntries + keptOld.length + 1);

    // The history rows, withdrawals and transfers that pointed at them went; what is in progress stayed.
    expect((await t.app.ctx.db.select({ id: withdrawals.id }).from(withdrawals)).map((w) => w.id)).toEqual([
      pendingWithdrawal,
    ]);
    expect(paidWithdrawal).not.toBe(pendingWithdrawal);
    const transfersLeft = await t.app.ctx.db.select({ id: peerTransfers.id }).from(peerTransfers);
    expect(transfersLeft.map((p) => p.id).sort()).toEqual([heldTransfer.id, recentTransfer.id].sort());
    expect(transfersLeft.map((p) => p.id)).not.toContain(oldTransfer.id);
    const historyLeft = await t.app.ctx.db
      .select({ entryId: walletTransactions.entryId, createdAt: walletTransactions.createdAt })
      .from(walletTransactions);
    expect(entriesBefore(cutoff, historyLeft)).toEqual([...keptOld].sort());
    expect(
      await t.app.ctx.db.$count(
        walletTransactions,
        eq(walletTransactions.transactionType, 'balance_carried_forward'),
      ),
    ).toBe(0);

    // Not a cent moved: every account's sum, every wallet, and the ledger's invariants.
    expect(await accountSums()).toEqual(sumsBefore);
    expect(await Promise.all([alice, bob, carol].map((m) => balanceOf(t.app.ctx.db, m.member.id)))).toEqual(
      balancesBefore,
    );
    await expectLedgerConsistent(t.app.ctx.db);

    // Run again: nothing left to close.
    expect(await purgeExpiredTransactions(t.app.ctx, now)).toBe(0);
    expect(await accountSums()).toEqual(sumsBefore);

    // The wallet routes still answer: the balance, and the history of what is left.
    const wallet = await request(t.app, 'GET', '/api/wallet', { session: alice.session });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json().balance_cents).toBe(balancesBefore[0]?.balance);
    const history = await request(t.app, 'GET', '/api/wallet/transactions', { session: alice.session });
    expect(history.statusCode).toBe(200);
    expect(
      walletHistoryPageSchema
        .parse(history.json())
        .items.map((i) => [i.transaction_type, i.amount_cents, i.status]),
    ).toEqual([
      ['transfer', -200, 'completed'],
      ['withdrawal', -700, 'pending'],
    ]);

    // Outside the job's transaction the ledger is append-only as before.
    const deletion = await t.app.ctx.db
      .execute(sql`delete from ${ledgerEntries} where ${ledgerEntries.id} = ${carried[0]?.id}`)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(deletion)).toBe('23000');
  });
});

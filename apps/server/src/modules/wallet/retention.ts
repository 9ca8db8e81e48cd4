import { TRANSACTION_RETENTION_YEARS, type TransactionType } from '@royal/shared';
import { and, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import {
  ledgerEntries,
  ledgerLines,
  peerTransfers,
  sponsorships,
  walletTransactions,
  withdrawals,
} from '../../db/schema';
import { retentionCutoff } from '../../lib/retention';

// Transaction retention (spec part 2 §9, issue 34, decision 054): ledger entries are kept
// TRANSACTION_RETENTION_YEARS (7) years. The daily `ledger-retention` job (jobs/index.ts) then
// "closes the books": it deletes them with the rows that point at them and, in the same transaction,
// posts one carried-forward entry holding each account's net of what it deleted, so every account's
// line sum (and with it every wallet row, which must equal its accounts) stays exactly as it was.

/** Entries per transaction: bounds the locks, the carried-forward entry and the statement sizes. */
const BATCH = 1_000;

const CARRIED_FORWARD: TransactionType = 'balance_carried_forward';

/**
 * Closes the books on ledger entries older than TRANSACTION_RETENTION_YEARS before `now` (injectable
 * for tests), a batch at a time, each batch its own transaction with its own carried-forward entry.
 * Entries of something still in progress (a pending withdrawal, a held transfer, a live sponsorship)
 * are kept until it ends. Returns how many entries were deleted.
 */
export async function purgeExpiredTransactions(
  ctx: Pick<AppContext, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = retentionCutoff(now, TRANSACTION_RETENTION_YEARS);
  let deleted = 0;
  for (;;) {
    const count = await ctx.db.transaction((tx) => closeBooksOnBatch(tx, cutoff));
    deleted += count;
    if (count < BATCH) return deleted;
  }
}

async function closeBooksOnBatch(tx: Db, cutoff: Date): Promise<number> {
  const ids = await expiredEntries(tx, cutoff);
  if (ids.length === 0) return 0;
  // The ledger's append-only trigger lets this transaction, and only it, delete entries and lines.
  await tx.execute(sql`select set_config('ledger.closing_books', 'on', true)`);
  await carryForward(tx, ids, cutoff);
  await deleteRowsPointingAt(tx, ids);
  await tx.delete(ledgerLines).where(inArray(ledgerLines.entryId, ids));
  await tx.delete(ledgerEntries).where(inArray(ledgerEntries.id, ids));
  return ids.length;
}

/**
 * Up to BATCH entries past the cutoff that nothing in progress still needs, locked: a second run at
 * the same moment skips them, so no entry is carried forward twice. Carried-forward entries are
 * never deleted: they are the opening balances that stand for everything closed before them.
 */
async function expiredEntries(tx: Db, cutoff: Date): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select e.id from ${ledgerEntries} e
    where e.created_at < ${cutoff}
      and e.transaction_type <> ${CARRIED_FORWARD}
      and not exists (select 1 from ${withdrawals} w where w.hold_entry_id = e.id and w.status = 'pending')
      and not exists (
        select 1 from ${walletTransactions} h join ${peerTransfers} p on p.id = h.transfer_id
        where h.entry_id = e.id and p.status = 'held')
      and not exists (
        select 1 from ${sponsorships} s where s.payment_entry_id = e.id and s.revoked_at is null)
    limit ${BATCH}
    for update of e skip locked`);
  return rows.rows.map((row) => row.id);
}

/**
 * One entry dated at the cutoff with a line per account for the net of its lines among `ids`
 * (summed by the database, exactly). Each deleted entry balanced, so these lines sum to zero; an
 * account whose lines net to nothing gets no line (the ledger refuses zero lines), and a batch that
 * nets to nothing everywhere gets no entry.
 */
async function carryForward(tx: Db, ids: readonly string[], cutoff: Date) {
  await tx.execute(sql`
    with nets as (
      select account_id, sum(amount_cents) as net from ${ledgerLines}
      where ${inArray(ledgerLines.entryId, [...ids])}
      group by account_id
      having sum(amount_cents) <> 0),
    carried as (
      insert into ${ledgerEntries} (transaction_type, description, created_at)
      select ${CARRIED_FORWARD}::transaction_type,
        ${`balances of ${ids.length} entries before ${cutoff.toISOString()}`}::text, ${cutoff}::timestamptz
      where exists (select 1 from nets)
      returning id)
    insert into ${ledgerLines} (entry_id, account_id, amount_cents)
    select carried.id, nets.account_id, nets.net from carried cross join nets`);
}

/**
 * The member-visible history of the entries, the finished withdrawals and ended sponsorships they
 * paid, and the finished transfers none of whose history is left (a held transfer's delivery is a
 * later entry, which may still be within retention and keep the transfer).
 */
async function deleteRowsPointingAt(tx: Db, ids: string[]) {
  const history = await tx
    .delete(walletTransactions)
    .where(inArray(walletTransactions.entryId, ids))
    .returning({ transferId: walletTransactions.transferId });
  await tx.delete(withdrawals).where(inArray(withdrawals.holdEntryId, ids));
  await tx.delete(sponsorships).where(inArray(sponsorships.paymentEntryId, ids));
  const transferIds = [...new Set(history.flatMap((row) => (row.transferId ? [row.transferId] : [])))];
  if (transferIds.length === 0) return;
  await tx
    .delete(peerTransfers)
    .where(
      and(
        inArray(peerTransfers.id, transferIds),
        ne(peerTransfers.status, 'held'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(walletTransactions)
            .where(sql`${walletTransactions.transferId} = ${peerTransfers.id}`),
        ),
      ),
    );
}

import { AppError, ErrorCode, type TransactionType } from '@royal/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  escrowWallets,
  ledgerAccounts,
  ledgerEntries,
  ledgerLines,
  walletTransactions,
} from '../../db/schema';

// The ledger (DESIGN "Money"): every movement is one append-only entry whose lines sum to zero (the
// database refuses anything else at commit). A member's spendable balance and held amount live on
// their wallet row as well, so a balance check is one locked row read; both always equal the sums of
// the member's two ledger accounts (the property test checks this after every step).

/** Platform accounts under fixed ids (migration 0010 inserts them; postEntry re-creates them if absent). */
export const PLATFORM_ACCOUNTS = {
  platform_cash: '00000000-0000-4000-8000-00000000c001',
  platform_revenue: '00000000-0000-4000-8000-00000000c002',
  provider_clearing: '00000000-0000-4000-8000-00000000c003',
} as const;
export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;

export type LockedWallet = {
  userId: string;
  balanceCents: number;
  heldCents: number;
  walletAccountId: string;
  holdAccountId: string;
};
export type LockedWallets = Map<string, LockedWallet>;

/** One line of an entry: a member's spendable or held money, or a platform account. */
export type Leg =
  | { userId: string; account: 'wallet' | 'hold'; amountCents: number }
  | { platform: PlatformAccount; amountCents: number };

export type EntryInput = {
  type: TransactionType;
  description?: string;
  /**
   * Unique if given. Member requests leave it empty: their keys live in idempotency_keys, which
   * forgets them after 30 days, while entries are kept for good.
   */
  idempotencyKey?: string;
  /** The provider event that caused it; unique, so a replayed webhook cannot post twice. */
  providerEventId?: string;
  createdBy?: string | null;
  legs: readonly Leg[];
  /**
   * The member's row in their wallet history (GET /api/wallet/transactions) for this entry, written
   * with it: what a member sees there is always an entry of the ledger. Entries no member asked for
   * (card revenue, a held transfer settling) have none, or update the row written when it was held.
   */
  history?: HistoryRow;
};

/** A row of a member's wallet history, but for the id of the entry it shows (postEntry fills it in). */
export type HistoryRow = Omit<
  typeof walletTransactions.$inferInsert,
  'id' | 'entryId' | 'createdAt' | 'updatedAt'
>;

/**
 * Locks the members' wallet rows for the rest of the transaction, always in user-id order: two
 * transfers between the same members in opposite directions then wait for each other instead of
 * deadlocking. Every operation that moves a member's money calls this first.
 */
export async function lockWallets(tx: Db, userIds: readonly string[]): Promise<LockedWallets> {
  const ids = [...new Set(userIds)].sort();
  const rows = await tx
    .select({
      userId: escrowWallets.userId,
      balanceCents: escrowWallets.currentBalanceCents,
      heldCents: escrowWallets.heldCents,
      walletAccountId: escrowWallets.walletAccountId,
      holdAccountId: escrowWallets.holdAccountId,
    })
    .from(escrowWallets)
    .where(inArray(escrowWallets.userId, ids))
    .orderBy(escrowWallets.userId)
    .for('update');
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The locked wallet of a member, or the refusal a member without one gets. */
export function lockedWallet(wallets: LockedWallets, userId: string): LockedWallet {
  const wallet = wallets.get(userId);
  if (!wallet) throw new AppError(ErrorCode.NOT_FOUND, 'Wallet not found');
  return wallet;
}

/**
 * Posts one balanced entry, with its history row if it has one, and applies it to the locked wallets
 * (which must include every member leg). A leg that would take a balance below zero refuses the whole entry with INSUFFICIENT_FUNDS
 * before anything is written; the wallet's check constraint and the commit-time zero-sum trigger are
 * the database's second line of defence.
 */
export async function postEntry(tx: Db, wallets: LockedWallets, input: EntryInput): Promise<string> {
  checkLegs(input);
  const changed = applyLegs(wallets, input.legs);
  const entryId = await writeEntry(tx, wallets, input);
  await saveWallets(tx, wallets, changed);
  return entryId;
}

function checkLegs(input: EntryInput) {
  const total = input.legs.reduce((sum, leg) => sum + leg.amountCents, 0);
  if (total !== 0) throw new Error(`unbalanced ledger entry (${input.type}): legs sum to ${total}`);
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)
      throw new Error(`invalid ledger leg amount ${leg.amountCents}`);
  }
}

/** The wallets after the legs, computed on copies; refuses any that would go below zero. */
function applyLegs(wallets: LockedWallets, legs: readonly Leg[]): Map<string, LockedWallet> {
  const changed = new Map<string, LockedWallet>();
  for (const leg of legs) {
    if (!('userId' in leg)) continue;
    const current = changed.get(leg.userId) ?? { ...lockedWallet(wallets, leg.userId) };
    if (leg.account === 'wallet') current.balanceCents += leg.amountCents;
    else current.heldCents += leg.amountCents;
    changed.set(leg.userId, current);
  }
  for (const wallet of changed.values()) {
    if (wallet.balanceCents < 0 || wallet.heldCents < 0) throw new AppError(ErrorCode.INSUFFICIENT_FUNDS);
    // Past 2^53 these sums round, and the row written would no longer equal its ledger lines (which
    // the database adds exactly): refused, never rounded. Bounded amounts (decision 028) keep every
    // wallet far below it; this is the last line should one get there.
    if (!Number.isSafeInteger(wallet.balanceCents) || !Number.isSafeInteger(wallet.heldCents))
      throw new Error(`wallet ${wallet.userId} would leave the exact integer range`);
  }
  return changed;
}

type AccountIds = Pick<LockedWallet, 'walletAccountId' | 'holdAccountId'>;

async function writeEntry(tx: Db, accounts: ReadonlyMap<string, AccountIds>, input: EntryInput) {
  const accountOf = (userId: string) => {
    const found = accounts.get(userId);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'Wallet not found');
    return found;
  };
  if (input.legs.some((leg) => 'platform' in leg)) await ensurePlatformAccounts(tx);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      transactionType: input.type,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
      providerEventId: input.providerEventId,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: ledgerEntries.id });
  if (!entry) throw new Error('ledger entry not written');
  await tx.insert(ledgerLines).values(
    input.legs.map((leg) => ({
      entryId: entry.id,
      amountCents: leg.amountCents,
      accountId:
        'platform' in leg
          ? PLATFORM_ACCOUNTS[leg.platform]
          : leg.account === 'wallet'
            ? accountOf(leg.userId).walletAccountId
            : accountOf(leg.userId).holdAccountId,
    })),
  );
  if (input.history) await tx.insert(walletTransactions).values({ ...input.history, entryId: entry.id });
  return entry.id;
}

/** Writes the new balances of every changed wallet in one statement. */
async function saveWallets(tx: Db, wallets: LockedWallets, changed: ReadonlyMap<string, LockedWallet>) {
  if (changed.size === 0) return;
  const rows = sql.join(
    [...changed.values()].map(
      (w) => sql`(${w.userId}::uuid, ${w.balanceCents}::bigint, ${w.heldCents}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${escrowWallets} set current_balance_cents = v.balance, held_cents = v.held, updated_at = now()
    from (values ${rows}) as v(user_id, balance, held)
    where ${escrowWallets.userId} = v.user_id`);
  for (const wallet of changed.values()) wallets.set(wallet.userId, wallet);
}

async function ensurePlatformAccounts(tx: Db) {
  await tx
    .insert(ledgerAccounts)
    .values(Object.entries(PLATFORM_ACCOUNTS).map(([kind, id]) => ({ id, kind: kind as PlatformAccount })))
    .onConflictDoNothing();
}

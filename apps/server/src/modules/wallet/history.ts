import type { CursorQuery, WalletHistoryPage } from '@royal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, walletTransactions } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import type { MemberActor } from '../auth';
import { presentHistoryItem } from './presenter';

// The wallet's history: the member's own movements, a page at a time (GET /api/wallet/transactions).

const HISTORY_PAGE = 20;

/** The member's own movements, newest first (wallet_transactions_user_created_idx). */
export async function listHistory(
  ctx: AppContext,
  { actor, query }: { actor: MemberActor; query: CursorQuery },
): Promise<WalletHistoryPage> {
  const limit = query.limit ?? HISTORY_PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
  const rows = await ctx.db
    .select({
      row: walletTransactions,
      counterpartyName: profiles.name,
      key: microsecondKey(walletTransactions.createdAt),
    })
    .from(walletTransactions)
    .leftJoin(profiles, eq(profiles.userId, walletTransactions.counterpartyId))
    .where(
      and(
        eq(walletTransactions.userId, actor.id),
        after
          ? sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row, counterpartyName }) => presentHistoryItem({ ...row, counterpartyName })),
    next_cursor:
      rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.row.id }) : null,
  };
}

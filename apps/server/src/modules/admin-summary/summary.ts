import { type AdminSummary, REVENUE_SOURCES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ledgerEntries, ledgerLines, profiles } from '../../db/schema';
import { PLATFORM_ACCOUNTS } from '../wallet';

/** How long one count serves every admin's dashboard on this instance. */
export const ADMIN_SUMMARY_TTL_MS = 30_000;

type Row = {
  total: number | string;
  active: number | string;
  paid: number | string;
  tier4: number | string;
  deposits: number | string;
  subscriptions: number | string;
  boosts: number | string;
};

/**
 * The summary cards in one statement. Members: profiles done with onboarding (a deleted account's
 * scrub clears onboarded_at); active subscriptions as DESIGN defines them (flag set and end ahead, or
 * sponsored); paid = a tier above 0 (the spec's rule). Revenue: the money the payment provider brought
 * in, read from the ledger as the provider-clearing account's credits (ledger_lines_account_idx), by the
 * type of entry that booked it (wallet/deposit.ts creditDeposit, billing/book-revenue.ts). A plan paid
 * from the wallet is not counted again: its money came in as a deposit.
 */
async function countSummary(ctx: AppContext): Promise<AdminSummary> {
  const { rows } = await ctx.db.execute<Row>(sql`
    with members as (
      select count(*)::int as total,
        count(*) filter (where (${profiles.tierSubscriptionActive} and ${profiles.tierSubscriptionEndsAt} > now())
          or ${profiles.isSponsored})::int as active,
        count(*) filter (where ${profiles.tierLevel} > 0)::int as paid,
        count(*) filter (where ${profiles.tierLevel} = 4)::int as tier4
      from ${profiles} where ${profiles.onboardedAt} is not null),
    money as (
      select
        coalesce(-sum(l.amount_cents) filter (where e.transaction_type = 'deposit'), 0)::bigint as deposits,
        coalesce(-sum(l.amount_cents) filter (where e.transaction_type = 'subscription'), 0)::bigint as subscriptions,
        coalesce(-sum(l.amount_cents) filter (where e.transaction_type = 'boost'), 0)::bigint as boosts
      from ${ledgerLines} l join ${ledgerEntries} e on e.id = l.entry_id
      where l.account_id = ${PLATFORM_ACCOUNTS.provider_clearing}
        -- What counts as revenue is one list, shared with the Analytics tab's revenue chart.
        and e.transaction_type in (${sql.join(
          REVENUE_SOURCES.map((source) => sql`${source}`),
          sql`, `,
        )}))
    select * from members, money`);
  const row = rows[0];
  const n = (value: number | string | undefined) => Number(value ?? 0);
  const total = n(row?.total);
  const paid = n(row?.paid);
  const revenue = {
    deposits_cents: n(row?.deposits),
    subscriptions_cents: n(row?.subscriptions),
    boosts_cents: n(row?.boosts),
  };
  return {
    total_users: total,
    active_subscriptions: n(row?.active),
    paid_users: paid,
    conversion_percent: total === 0 ? 0 : Math.round((paid / total) * 1000) / 10,
    tier4_users: n(row?.tier4),
    revenue: {
      ...revenue,
      total_cents: revenue.deposits_cents + revenue.subscriptions_cents + revenue.boosts_cents,
    },
    counted_at: new Date().toISOString(),
  };
}

/**
 * The figures, counted at most once per window per instance (admins opening the dashboard together
 * share one count); a failed count is not kept.
 */
export function adminSummaryCache(ctx: AppContext, ttlMs = ADMIN_SUMMARY_TTL_MS) {
  let kept: { at: number; summary: Promise<AdminSummary> } | undefined;
  return (): Promise<AdminSummary> => {
    const now = Date.now();
    if (kept && now - kept.at < ttlMs) return kept.summary;
    const summary = countSummary(ctx);
    const entry = { at: now, summary };
    kept = entry;
    summary.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return summary;
  };
}

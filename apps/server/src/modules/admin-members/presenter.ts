import {
  type AdminMemberDetail,
  type AdminMemberRow,
  REPORT_STATUSES,
  type ReportStatus,
  type TierLevel,
} from '@royal/shared';
import { deviceInWords } from '../auth';
import type { MemberRow } from './queries';

/** A member in the admins' list (spec part 2 §3, "Admin user list row"). */
export function presentMemberRow(row: MemberRow): AdminMemberRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    tier_level: row.tierLevel as TierLevel,
    tier_subscription_active: row.tierSubscriptionActive,
    verified: row.verified,
    suspended: row.suspended,
    roles: row.roles,
    view_count: row.viewCount,
    like_count: row.likeCount,
    created_at: row.createdAt.toISOString(),
    last_active: row.lastActive ? row.lastActive.toISOString() : null,
  };
}

type SessionRow = {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
  secondFactorAt: Date | null;
};

/** The detail dialog: the row, money, reports against them and their open sessions (never an address). */
export function presentMemberDetail(
  row: MemberRow,
  extra: {
    walletBalanceCents: number | null;
    reports: { status: ReportStatus; count: number }[];
    sessions: SessionRow[];
  },
): AdminMemberDetail {
  const byStatus = Object.fromEntries(REPORT_STATUSES.map((status) => [status, 0])) as Record<
    ReportStatus,
    number
  >;
  for (const { status, count } of extra.reports) byStatus[status] = count;
  return {
    ...presentMemberRow(row),
    tier_subscription_ends_at: row.tierSubscriptionEndsAt ? row.tierSubscriptionEndsAt.toISOString() : null,
    is_sponsored: row.isSponsored,
    wallet_balance_cents: extra.walletBalanceCents,
    reports_against: {
      total: extra.reports.reduce((sum, r) => sum + r.count, 0),
      by_status: byStatus,
    },
    sessions: extra.sessions.map((s) => ({
      id: s.id,
      device: deviceInWords(s.userAgent),
      created_at: s.createdAt.toISOString(),
      last_active: s.updatedAt.toISOString(),
      second_factor_confirmed: s.secondFactorAt !== null,
    })),
  };
}

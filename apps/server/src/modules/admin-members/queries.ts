import type { AdminMembersQuery } from '@royal/shared';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowWallets, profiles, reports, sessions, userRoles, users } from '../../db/schema';
import { microsecondKey } from '../../lib/cursor';

// The one home of the admins' member SQL (modules/admin-members).

/** `text` as a literal inside (I)LIKE: its own % and _ match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The members a search box finds: any part of the name, through the trigram index browse uses
 * (profiles_name_trgm_idx), or the beginning of the e-mail (a whole address included), through
 * users_email_prefix_idx. Each side reads its own index; no row is scanned by LIKE.
 */
function foundBy(q: string): SQL {
  const name = `%${likeLiteral(q)}%`;
  const email = `${likeLiteral(q.toLowerCase())}%`;
  return sql`${users.id} in (
    select ${profiles.userId} from ${profiles} where ${profiles.name} ilike ${name}
    union
    select ${users.id} from ${users} where ${users.email} like ${email})`;
}

/** The start of a day (YYYY-MM-DD) plus `days`, in UTC whatever the server's time zone. */
const utcDay = (day: string, days: number) =>
  sql`((${day}::date + ${days}::int)::timestamp at time zone 'UTC')`;

/** The row every list item and the detail are presented from. */
export const memberColumns = {
  id: users.id,
  name: profiles.name,
  email: users.email,
  tierLevel: profiles.tierLevel,
  tierSubscriptionActive: profiles.tierSubscriptionActive,
  tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
  isSponsored: profiles.isSponsored,
  verified: profiles.verified,
  viewCount: profiles.viewCount,
  likeCount: profiles.likeCount,
  lastActive: profiles.lastActive,
  createdAt: users.createdAt,
  roles: sql<
    string[]
  >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
};

/** One page of members, newest sign-ups first, after the cursor's (created_at, id). */
export async function memberPage(
  db: Db,
  query: AdminMembersQuery,
  after: { t: string; id: string } | null,
  limit: number,
) {
  const conditions: (SQL | undefined)[] = [
    query.q ? foundBy(query.q) : undefined,
    query.tier === undefined ? undefined : eq(profiles.tierLevel, query.tier),
    query.verified === undefined ? undefined : eq(profiles.verified, query.verified),
    query.joined_from ? sql`${users.createdAt} >= ${utcDay(query.joined_from, 0)}` : undefined,
    query.joined_to ? sql`${users.createdAt} < ${utcDay(query.joined_to, 1)}` : undefined,
    after ? sql`(${users.createdAt}, ${users.id}) < (${after.t}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
  return db
    .select({ ...memberColumns, key: microsecondKey(users.createdAt) })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
}

export type MemberRow = Omit<Awaited<ReturnType<typeof memberPage>>[number], 'key'>;

/** One member's row, or undefined. */
export async function memberById(db: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/** The member's wallet balance in cents, null without a wallet. */
export async function walletBalance(db: Db, id: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: escrowWallets.currentBalanceCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, id));
  return row?.cents ?? null;
}

/** Reports filed against the member, counted by state (reports_reported_status_idx). */
export async function reportsAgainst(db: Db, id: string) {
  return db
    .select({ status: reports.status, count: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.reportedId, id))
    .groupBy(reports.status);
}

/** The member's unexpired sessions, latest activity first. */
export async function openSessions(db: Db, id: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt));
}

/** The facts an admin may change, locked for the change's transaction. */
export async function lockedMemberFacts(tx: Db, id: string) {
  const [row] = await tx
    .select({
      tierLevel: profiles.tierLevel,
      tierSubscriptionActive: profiles.tierSubscriptionActive,
      tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
      verified: profiles.verified,
    })
    .from(profiles)
    .where(eq(profiles.userId, id))
    .for('update');
  return row;
}

export async function setVerified(tx: Db, id: string, verified: boolean) {
  await tx.update(profiles).set({ verified }).where(eq(profiles.userId, id));
}

import {
  type AdminMemberSort,
  type AdminMemberSortColumn,
  type AdminMembersQuery,
  adminMemberSortParts,
} from '@royal/shared';
import { type AnyColumn, and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowWallets, profiles, reports, sessions, userRoles, users } from '../../db/schema';
import { microsecondKey } from '../../lib/cursor';
import { notSuspended } from '../members';

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

/**
 * Suspended or banned now: members/policy's `notSuspended` turned round, written as a range so the
 * Suspended filter reads profiles_suspended_idx (the few members with an action) and not every row.
 */
const suspendedNow = sql`${profiles.suspendedUntil} > now()`;

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
  suspended: sql<boolean>`coalesce(${suspendedNow}, false)`,
  createdAt: users.createdAt,
  roles: sql<
    string[]
  >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
};

/** One part of a sort key: its SQL, and whether it is a time (held in a cursor with microseconds). */
type KeyPart = { sql: SQL | AnyColumn; time?: true };

/**
 * Each order of the list as the index that walks it (migration 0057): the key columns, then the id
 * that breaks ties, all in one direction, so one index serves both directions and "after the
 * cursor" is one row comparison. `only` narrows the list where the index is partial.
 */
const ORDERS: Record<AdminMemberSortColumn, { key: KeyPart[]; id: AnyColumn; only?: SQL }> = {
  // users_created_idx (created_at, id)
  joined: { key: [{ sql: users.createdAt, time: true }], id: users.id },
  // profiles_name_order_idx (lower(name), user_id)
  name: { key: [{ sql: sql`lower(${profiles.name})` }], id: profiles.userId },
  // profiles_inactive_idx (last_active, user_id) where onboarded_at is not null: the retention job's
  // index. Members still onboarding or deleted have no activity worth ranking, and a second index on
  // last_active would cost every activity write of every member.
  last_active: {
    key: [{ sql: profiles.lastActive, time: true }],
    id: profiles.userId,
    only: sql`${profiles.onboardedAt} is not null`,
  },
  // profiles_tier_name_idx (tier_level, lower(name), user_id); with a tier filter it also serves `name`.
  tier: { key: [{ sql: profiles.tierLevel }, { sql: sql`lower(${profiles.name})` }], id: profiles.userId },
};

const keyValue = (part: KeyPart) =>
  part.time ? microsecondKey(part.sql) : sql<string | number>`${part.sql}`;

/**
 * One page of members in `query.sort`'s order, after the cursor's key (its sort already checked);
 * the statement unexecuted, so that a test can read its plan.
 */
export function memberPageStatement(
  db: Db,
  query: AdminMembersQuery,
  after: MemberCursor | null,
  limit: number,
) {
  const { column, direction } = adminMemberSortParts(query.sort);
  const order = ORDERS[column];
  const parts = [...order.key.map((part) => part.sql), order.id];
  const afterValues = after
    ? [
        ...order.key.map((part, i) => (part.time ? sql`${after.k[i]}::timestamptz` : sql`${after.k[i]}`)),
        sql`${after.id}::uuid`,
      ]
    : [];
  const conditions: (SQL | undefined)[] = [
    order.only,
    query.q ? foundBy(query.q) : undefined,
    query.tier === undefined ? undefined : eq(profiles.tierLevel, query.tier),
    query.verified === undefined ? undefined : eq(profiles.verified, query.verified),
    query.suspended === undefined ? undefined : query.suspended ? suspendedNow : notSuspended,
    query.joined_from ? sql`${users.createdAt} >= ${utcDay(query.joined_from, 0)}` : undefined,
    query.joined_to ? sql`${users.createdAt} < ${utcDay(query.joined_to, 1)}` : undefined,
    after
      ? sql`(${sql.join(parts, sql`, `)}) ${direction === 'asc' ? sql`>` : sql`<`} (${sql.join(afterValues, sql`, `)})`
      : undefined,
  ];
  return db
    .select({
      ...memberColumns,
      key: sql<(string | number)[]>`json_build_array(${sql.join(order.key.map(keyValue), sql`, `)})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...conditions))
    .orderBy(...parts.map((part) => (direction === 'asc' ? asc(part) : desc(part))))
    .limit(limit + 1);
}

export async function memberPage(...args: Parameters<typeof memberPageStatement>) {
  return memberPageStatement(...args);
}

/** Where a page of the list stopped: the sort it belongs to, the last row's key and id. */
export type MemberCursor = { s: AdminMemberSort; k: (string | number)[]; id: string };

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

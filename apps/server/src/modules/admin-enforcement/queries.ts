import type { EnforcementAction } from '@royal/shared';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { enforcementActions, profiles, userRoles, users } from '../../db/schema';

// The one home of the enforcement SQL (modules/admin-enforcement).

const creator = alias(profiles, 'creator');

/** Whether the action is in force now (the live key's rule plus the end of a suspension). */
const isLive = sql<boolean>`${enforcementActions.liftedAt} is null
  and (${enforcementActions.until} is null or ${enforcementActions.until} > now())`;

/** The columns an action is presented from; select them `from actionSource`. */
export const actionColumns = {
  id: enforcementActions.id,
  memberId: enforcementActions.memberId,
  kind: enforcementActions.kind,
  reasonCode: enforcementActions.reasonCode,
  note: enforcementActions.note,
  until: enforcementActions.until,
  createdAt: enforcementActions.createdAt,
  createdBy: creator.name,
  live: isLive,
  liftedAt: enforcementActions.liftedAt,
  liftNote: enforcementActions.liftNote,
  appealText: enforcementActions.appealText,
  appealedAt: enforcementActions.appealedAt,
  appealDecision: enforcementActions.appealDecision,
  decidedAt: enforcementActions.decidedAt,
  decisionNote: enforcementActions.decisionNote,
};

type ActionRow = Omit<typeof enforcementActions.$inferSelect, 'createdBy' | 'liftedBy' | 'decidedBy'> & {
  createdBy: string | null;
  live: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentAction(row: ActionRow): EnforcementAction {
  return {
    id: row.id,
    member_id: row.memberId,
    kind: row.kind,
    reason_code: row.reasonCode,
    note: row.note,
    until: iso(row.until),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy ?? null,
    live: row.live,
    lifted_at: iso(row.liftedAt),
    lift_note: row.liftNote,
    appeal_text: row.appealText,
    appealed_at: iso(row.appealedAt),
    appeal_decision: row.appealDecision,
    decided_at: iso(row.decidedAt),
    decision_note: row.decisionNote,
  };
}

/** Selects actions with their creator's name, and whatever `more` columns the caller joins for. */
export const selectActions = <More extends SelectedFields>(db: Db, more: More = {} as More) =>
  db
    .select({ ...actionColumns, ...more })
    .from(enforcementActions)
    .leftJoin(creator, eq(creator.userId, enforcementActions.createdBy));

/** The member, locked for the change, with whether they are an admin; null when there is none. */
export async function lockedTarget(tx: Db, memberId: string) {
  const [row] = await tx
    .select({
      id: profiles.userId,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles}
        where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = 'admin')`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, memberId))
    .for('update', { of: profiles });
  return row ?? null;
}

/**
 * A suspension that ran out is still the member's unlifted row (the live key allows one): it is
 * closed at its own end, by nobody, so the next action can take its place.
 */
export async function closeRunOut(tx: Db, memberId: string) {
  await tx
    .update(enforcementActions)
    .set({ liftedAt: enforcementActions.until })
    .where(
      and(
        eq(enforcementActions.memberId, memberId),
        isNull(enforcementActions.liftedAt),
        lte(enforcementActions.until, sql`now()`),
      ),
    );
}

/** Keeps the lists' copy of the member's live action (schema/profiles.ts suspended_until). */
export async function setSuspendedUntil(tx: Db, memberId: string, until: Date | 'infinity' | null) {
  await tx
    .update(profiles)
    .set({ suspendedUntil: until === 'infinity' ? sql`'infinity'::timestamptz` : until })
    .where(eq(profiles.userId, memberId));
}

import {
  APPEAL_OUTCOMES,
  ENFORCEMENT_APPEAL_MAX,
  ENFORCEMENT_KINDS,
  ENFORCEMENT_NOTE_MAX,
  ENFORCEMENT_REASONS,
} from '@royal/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

const lit = (n: number) => sql.raw(String(n));

export const enforcementKind = pgEnum('enforcement_kind', ENFORCEMENT_KINDS);
export const enforcementReason = pgEnum('enforcement_reason', ENFORCEMENT_REASONS);
export const appealOutcome = pgEnum('enforcement_appeal_outcome', APPEAL_OUTCOMES);

/**
 * Suspensions and bans (issue 37, decision 060). An action is live while it is not lifted and, for a
 * suspension, `until` is in the future; a suspension that ran out stays unlifted (the reads compare
 * with now()) until the next action against the member closes it. The member may appeal each action
 * once; an admin upholds it or lifts it. Rows are kept after they end: they are the member's history.
 * `profiles.suspended_until` copies the live action's end (infinity for a ban) so every list leaves
 * the member out without reading this table.
 */
export const enforcementActions = pgTable(
  'enforcement_actions',
  {
    id: idPk(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: enforcementKind('kind').notNull(),
    reasonCode: enforcementReason('reason_code').notNull(),
    /** The admin's note, for the team only. */
    note: text('note').notNull(),
    /** The end of a suspension; null for a ban. */
    until: tstz('until'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Ended early: by an admin's lift, a lifted appeal, or (for a run-out suspension) the next action. */
    liftedAt: tstz('lifted_at'),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftNote: text('lift_note'),
    appealText: text('appeal_text'),
    appealedAt: tstz('appealed_at'),
    appealDecision: appealOutcome('appeal_decision'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    // At most one unlifted action per member; the sign-in check and the access hook look it up here.
    uniqueIndex('enforcement_actions_live_key').on(t.memberId).where(sql`${t.liftedAt} is null`),
    // A member's history, newest first (the admin's panel), and the cascade.
    index('enforcement_actions_member_idx').on(t.memberId, t.createdAt.desc().nullsFirst()),
    // The appeals queue: appealed, undecided, not lifted; oldest first.
    index('enforcement_actions_open_appeals_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealedAt} is not null and ${t.appealDecision} is null and ${t.liftedAt} is null`),
    // The set-null cascades when an admin's account goes.
    index('enforcement_actions_created_by_idx').on(t.createdBy),
    index('enforcement_actions_lifted_by_idx').on(t.liftedBy).where(sql`${t.liftedBy} is not null`),
    index('enforcement_actions_decided_by_idx').on(t.decidedBy).where(sql`${t.decidedBy} is not null`),
    check('enforcement_actions_until_by_kind', sql`(${t.kind} = 'ban') = (${t.until} is null)`),
    check('enforcement_actions_note_length', sql`char_length(${t.note}) <= ${lit(ENFORCEMENT_NOTE_MAX)}`),
    check(
      'enforcement_actions_lift_note_length',
      sql`char_length(${t.liftNote}) <= ${lit(ENFORCEMENT_NOTE_MAX)}`,
    ),
    check(
      'enforcement_actions_decision_note_length',
      sql`char_length(${t.decisionNote}) <= ${lit(ENFORCEMENT_NOTE_MAX)}`,
    ),
    check(
      'enforcement_actions_appeal_length',
      sql`char_length(${t.appealText}) <= ${lit(ENFORCEMENT_APPEAL_MAX)}`,
    ),
    check('enforcement_actions_appeal_once', sql`(${t.appealText} is null) = (${t.appealedAt} is null)`),
    check(
      'enforcement_actions_decided_after_appeal',
      sql`${t.appealDecision} is null or (${t.appealedAt} is not null and ${t.decidedAt} is not null)`,
    ),
  ],
);

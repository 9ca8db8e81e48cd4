import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  ENFORCEMENT_APPEAL_MAX,
  ENFORCEMENT_APPEAL_MIN,
  ENFORCEMENT_KINDS,
  ENFORCEMENT_NOTE_MAX,
  ENFORCEMENT_REASONS,
  SUSPENSION_DAYS,
} from '../enforcement';

// Suspensions, bans and their appeals (issue 37, decision 060): the admins' requests and replies, the
// refusal a restricted member meets at sign-in, and the member's one appeal.

const instant = z.iso.datetime({ offset: true });

/** The spec-style texts of the enforcement screens. */
export const MEMBER_SUSPENDED_TOAST = 'Member suspended';
export const MEMBER_BANNED_TOAST = 'Member banned';
export const RESTRICTION_LIFTED_TOAST = 'Restriction lifted';
export const APPEAL_UPHELD_TOAST = 'Appeal decided: the action stands';
export const APPEAL_LIFTED_TOAST = 'Appeal decided: the action was lifted';
export const ENFORCEMENT_FAILED_TEXT = 'Failed to update the member’s access';
export const APPEAL_SENT_TEXT = 'Your appeal was sent. An admin will review it within 24-48 hours.';
export const APPEAL_ALREADY_SENT_TEXT = 'You have already appealed this decision. An admin will review it.';
export const APPEAL_EXPIRED_TEXT = 'Please sign in again to send your appeal.';
export const APPEAL_NOT_NEEDED_TEXT = 'This decision was lifted: you can sign in again.';
export const NO_OPEN_APPEALS_TEXT = 'No appeals waiting';
export const CANNOT_ACT_ON_ADMIN_TEXT = 'Admins cannot suspend or ban themselves or another admin';
export const ALREADY_RESTRICTED_TEXT = 'This member is already suspended or banned: lift it first';
export const NOT_RESTRICTED_TEXT = 'This member is not suspended or banned';

export const enforcementReasonSchema = z
  .enum(ENFORCEMENT_REASONS, { error: 'Choose a reason from the list' })
  .describe('One of the fixed reason codes');

const adminNote = z
  .string()
  .trim()
  .min(1, 'Please add a note')
  .max(ENFORCEMENT_NOTE_MAX)
  .describe(`For the team only, never shown to the member; 1–${ENFORCEMENT_NOTE_MAX} characters`);

const suspensionDays = z
  .union(
    SUSPENSION_DAYS.map((d) => z.literal(d)) as unknown as [
      z.ZodLiteral<(typeof SUSPENSION_DAYS)[number]>,
      ...z.ZodLiteral<(typeof SUSPENSION_DAYS)[number]>[],
    ],
    { error: `Choose a period of ${SUSPENSION_DAYS.join(', ')} days` },
  )
  .describe(`How long, in days: ${SUSPENSION_DAYS.join(', ')}`);

export const suspendBodySchema = z.object({
  reason_code: enforcementReasonSchema,
  note: adminNote,
  days: suspensionDays,
});
export type SuspendBody = z.input<typeof suspendBodySchema>;

export const banBodySchema = z.object({ reason_code: enforcementReasonSchema, note: adminNote });
export type BanBody = z.input<typeof banBodySchema>;

export const liftBodySchema = z.object({ note: adminNote });
export type LiftBody = z.input<typeof liftBodySchema>;

export const enforcementAppealDecisionSchema = z.object({
  outcome: z
    .enum(APPEAL_OUTCOMES)
    .describe('upheld: the action stands; lifted: it ends now and the member may sign in'),
  note: adminNote,
});
export type EnforcementAppealDecision = z.input<typeof enforcementAppealDecisionSchema>;

export const memberIdParamsSchema = z.object({ id: z.uuid().describe('The member') });
export const appealIdParamsSchema = z.object({ id: z.uuid().describe('The action whose appeal is decided') });

/** An action as the admins see it. */
export const enforcementActionSchema = z
  .object({
    id: z.uuid(),
    member_id: z.uuid(),
    kind: z.enum(ENFORCEMENT_KINDS),
    reason_code: enforcementReasonSchema,
    note: z.string(),
    until: instant.nullable().describe('The end of a suspension; null for a ban'),
    created_at: instant,
    created_by: z.string().nullable().describe('The admin’s name; null once their account is gone'),
    live: z.boolean().describe('In force now: not lifted, and a suspension not yet run out'),
    lifted_at: instant.nullable(),
    lift_note: z.string().nullable(),
    appeal_text: z.string().nullable(),
    appealed_at: instant.nullable(),
    appeal_decision: z.enum(APPEAL_OUTCOMES).nullable(),
    decided_at: instant.nullable(),
    decision_note: z.string().nullable(),
  })
  .describe('A suspension or ban');
export type EnforcementAction = z.infer<typeof enforcementActionSchema>;

export const memberEnforcementSchema = z
  .object({
    live: enforcementActionSchema.nullable().describe('The action in force now, if any'),
    history: z.array(enforcementActionSchema).describe('Every action, newest first (at most 50)'),
  })
  .describe('A member’s suspensions and bans');
export type MemberEnforcement = z.infer<typeof memberEnforcementSchema>;

/** An appeal waiting in the queue, with the member and who holds it. */
export const enforcementAppealSchema = z
  .object({
    action: enforcementActionSchema,
    member: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    claimed_by: z.string().nullable().describe('The admin holding a live claim on it, if any'),
    claimed_by_me: z.boolean(),
  })
  .describe('An appeal waiting for a decision');
export type EnforcementAppeal = z.infer<typeof enforcementAppealSchema>;

export const enforcementAppealsSchema = z
  .object({ items: z.array(enforcementAppealSchema).describe('Oldest appeal first (at most 100)') })
  .describe('The open appeals');
export type EnforcementAppeals = z.infer<typeof enforcementAppealsSchema>;

/**
 * What a restricted member is told: at sign-in (the refusal's `details`) and in their open tabs (the
 * `account.restricted` realtime event).
 */
export const accountRestrictionSchema = z
  .object({
    kind: z.enum(ENFORCEMENT_KINDS),
    reason_code: enforcementReasonSchema,
    reason_text: z.string().describe('The reason in plain words'),
    until: instant.nullable().describe('When a suspension ends; null for a ban'),
    can_appeal: z.boolean().describe('No appeal sent yet for this action'),
    appealed: z.boolean().describe('An appeal was sent and waits for, or had, a decision'),
  })
  .describe('Why the member cannot sign in');
export type AccountRestriction = z.infer<typeof accountRestrictionSchema>;

export const enforcementAppealBodySchema = z.object({
  text: z
    .string()
    .trim()
    .min(ENFORCEMENT_APPEAL_MIN, `Please explain in at least ${ENFORCEMENT_APPEAL_MIN} characters`)
    .max(ENFORCEMENT_APPEAL_MAX, `At most ${ENFORCEMENT_APPEAL_MAX} characters`)
    .describe('Why the decision should be reconsidered'),
});
export type EnforcementAppealBody = z.input<typeof enforcementAppealBodySchema>;

export const enforcementAppealReplySchema = z.object({ message: z.string() }).describe('The appeal was sent');
export type EnforcementAppealReply = z.infer<typeof enforcementAppealReplySchema>;

/** The restriction a sign-in refusal carries in `error.details`, or null for any other error. */
export function restrictionOf(details: unknown): AccountRestriction | null {
  const parsed = accountRestrictionSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

import { z } from 'zod';
import {
  CHECK_IN_BANDS,
  DATE_PLAN_NOTE_MAX,
  DATE_PLAN_STATEMENT_MAX,
  DATE_PLAN_STATUSES,
  DATE_RATING_COMMENT_MAX,
  DATE_RATING_FLAGS,
  DATE_RATING_STARS_MAX,
  DATE_RATING_STARS_MIN,
} from '../date-plans';
import { uuidInput } from './common';

// Date plans (issue 39, decision 069): the proposal and counter forms, check-in, and what both
// members see of a plan. One contract for the API and the web app. Amounts are whole cents.

const depositCents = z
  .number()
  .int()
  .min(0)
  .max(100_000_000)
  .describe('Whole cents; 0 for no deposit, otherwise within the member’s tier escrow range');

/** A place: one of the city's safe locations, or another place named by the member (unverified). */
export const datePlanPlaceInputSchema = z.union([
  z.object({ safe_location_id: uuidInput().describe('A verified safe location') }),
  z.object({
    name: z.string().trim().min(1, 'Enter the place').max(120),
    address: z.string().trim().max(200).default(''),
  }),
]);
export type DatePlanPlaceInput = z.infer<typeof datePlanPlaceInputSchema>;

/** A proposal, and a counter to one: the time, the place and each side's deposit. */
export const datePlanTermsSchema = z.object({
  starts_at: z.iso.datetime({ offset: true, error: 'Choose the date and time' }).describe('An instant'),
  place: datePlanPlaceInputSchema,
  my_deposit_cents: depositCents,
  their_deposit_cents: depositCents,
  treat: z
    .boolean()
    .default(false)
    .describe('When the date happens, the proposer’s deposit goes to the other member instead of back'),
  note: z.string().trim().max(DATE_PLAN_NOTE_MAX).default(''),
});
export type DatePlanTerms = z.infer<typeof datePlanTermsSchema>;
export type DatePlanTermsInput = z.input<typeof datePlanTermsSchema>;

/** "I'm here": the browser's position (used once, never stored), or the other member's code. */
export const datePlanCheckInSchema = z.union([
  z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  z.object({ code: z.string().trim().min(4).max(64).describe('The other member’s check-in code (QR)') }),
]);
export type DatePlanCheckIn = z.infer<typeof datePlanCheckInSchema>;

const memberSideSchema = z.object({
  deposit_cents: z.number().int(),
  checked_in: z.boolean(),
  check_in_band: z.enum(CHECK_IN_BANDS).nullable(),
});

export const datePlanSchema = z
  .object({
    id: z.uuid(),
    match_id: z.uuid(),
    status: z.enum(DATE_PLAN_STATUSES),
    starts_at: z.string().describe('ISO instant'),
    place: z.object({
      name: z.string(),
      address: z.string(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      verified: z.boolean().describe('A safe location; false for a place a member typed in'),
      safe_location_id: z.uuid().nullable(),
      maps_url: z.string(),
      can_check_in_by_location: z.boolean(),
    }),
    note: z.string(),
    treat: z.boolean().describe('The proposer’s deposit goes to the other member when the date happens'),
    proposer_is_me: z.boolean().describe('Whether the viewer made the current terms'),
    awaiting_me: z.boolean().describe('A proposal the viewer is to answer'),
    me: memberSideSchema,
    them: memberSideSchema.extend({ first_name: z.string() }),
    cancellation_rule: z.string(),
    late_cancel_now: z.boolean().describe('Cancelling now would give the canceller’s deposit to the other'),
    check_in_open: z.boolean(),
    my_rating_given: z
      .boolean()
      .describe(
        'Whether the viewer has rated the date (what they said, and whether the other did, is never shown)',
      ),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe('A date plan as one of its two members sees it');
export type DatePlan = z.infer<typeof datePlanSchema>;

export const datePlanListSchema = z.object({ items: z.array(datePlanSchema) });
export type DatePlanList = z.infer<typeof datePlanListSchema>;

export const datePlanCheckInCodeSchema = z.object({
  code: z.string().describe('Shown as a QR code; the other member scans it to check in'),
  qr_svg: z.string().describe('The code as an SVG QR image'),
});

/** A dispute of a no-show claim made against the member. */
export const datePlanDisputeBodySchema = z.object({
  statement: z.string().trim().min(1, 'Say what happened').max(DATE_PLAN_STATEMENT_MAX),
});
export type DatePlanDisputeBody = z.infer<typeof datePlanDisputeBodySchema>;

/** A private rating of a date that took place (dateRatingRefusal says who may give one). */
export const datePlanRatingSchema = z.object({
  stars: z.int().min(DATE_RATING_STARS_MIN).max(DATE_RATING_STARS_MAX),
  flags: z
    .array(z.enum(DATE_RATING_FLAGS))
    .max(DATE_RATING_FLAGS.length)
    .refine((flags) => new Set(flags).size === flags.length, 'Each flag once')
    .default([])
    .describe('Each flag files a report for the moderators, with the date as its context'),
  comment: z.string().trim().max(DATE_RATING_COMMENT_MAX).default(''),
});
export type DatePlanRating = z.infer<typeof datePlanRatingSchema>;
export type DatePlanRatingInput = z.input<typeof datePlanRatingSchema>;

export const DATE_PLAN_DECISIONS = ['uphold', 'reject'] as const;

/** An admin's decision on a disputed no-show claim. */
export const datePlanDecisionBodySchema = z.object({
  outcome: z
    .enum(DATE_PLAN_DECISIONS)
    .describe('uphold: the claimant’s deposit returns and the other’s goes to them; reject: both return'),
  note: z.string().trim().max(1000).optional(),
});
export type DatePlanDecisionBody = z.infer<typeof datePlanDecisionBodySchema>;

const disputeSideSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  deposit_cents: z.number().int(),
  checked_in_at: z.string().nullable(),
  check_in_band: z.enum(CHECK_IN_BANDS).nullable(),
});

/** A disputed no-show claim as the admins review it: both sides, their check-ins and the statement. */
export const datePlanDisputeSchema = z.object({
  id: z.uuid(),
  starts_at: z.string(),
  place: z.object({ name: z.string(), address: z.string(), verified: z.boolean() }),
  claimant: disputeSideSchema,
  disputer: disputeSideSchema.extend({ statement: z.string() }),
  claimed_at: z.string(),
  disputed_at: z.string(),
});
export type DatePlanDispute = z.infer<typeof datePlanDisputeSchema>;

export const datePlanDisputesSchema = z.object({ items: z.array(datePlanDisputeSchema) });

import { z } from 'zod';
import { WAITLIST_CITIES, WAITLIST_STATUSES } from '../enums';
import { EMAIL_MAX_LENGTH, REFERRAL_CODE_MAX, WAITLIST_REASON_MAX } from '../limits';
import { cursorQuerySchema, listOrderSchema, pageSchema } from './common';

export const WAITLIST_NAME_MAX = 100; // ours
export const WAITLIST_NAME_REQUIRED_TEXT = 'Please enter your full name';
export const WAITLIST_EMAIL_TEXT = 'Please enter a valid email address';
export const WAITLIST_REASON_REQUIRED_TEXT = 'Please tell us why you want to join';
export const WAITLIST_CITY_REQUIRED_TEXT = 'Please choose your city';

/** An invite or referral code as typed: trimmed, upper-cased, empty meaning none. */
export const inviteCodeInput = z
  .string()
  .trim()
  .toUpperCase()
  .max(REFERRAL_CODE_MAX)
  .transform((code) => (code === '' ? undefined : code));

/** The waitlist form's one rule: the page checks it before sending, the API on arrival. */
export const waitlistApplicationBodySchema = z.object({
  full_name: z
    .string({ error: WAITLIST_NAME_REQUIRED_TEXT })
    .trim()
    .min(1, WAITLIST_NAME_REQUIRED_TEXT)
    .max(WAITLIST_NAME_MAX)
    .describe('Full name'),
  email: z
    .string({ error: WAITLIST_EMAIL_TEXT })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH)
    .check(z.email(WAITLIST_EMAIL_TEXT))
    .describe('E-mail address; trimmed and lower-cased'),
  reason: z
    .string({ error: WAITLIST_REASON_REQUIRED_TEXT })
    .trim()
    .min(1, WAITLIST_REASON_REQUIRED_TEXT)
    .max(WAITLIST_REASON_MAX)
    .describe('Why the applicant wants to join'),
  city: z.enum(WAITLIST_CITIES, { error: WAITLIST_CITY_REQUIRED_TEXT }).describe('One of the listed cities'),
  referral_code: inviteCodeInput.optional().describe('A member’s referral code, if the applicant has one'),
  /** Honeypot: a field people never see; anything in it marks a bot. */
  website: z.string().max(500).optional().describe('Leave empty'),
  /**
   * How long the form was on screen before it was sent (ms, measured by the page from when it was
   * rendered, on its own clock so a wrong device clock does not matter): too short means a bot.
   */
  fill_ms: z.number().int().nonnegative().describe('Milliseconds from showing the form to sending it'),
});
export type WaitlistApplicationBody = z.input<typeof waitlistApplicationBodySchema>;

export const waitlistSubmittedSchema = z.object({ ok: z.literal(true), message: z.string() });

/** An application as the admins see it. */
export const waitlistApplicationSchema = z
  .object({
    id: z.uuid(),
    full_name: z.string(),
    email: z.string(),
    city: z.enum(WAITLIST_CITIES),
    reason: z.string(),
    referral_code: z.string().nullable(),
    status: z.enum(WAITLIST_STATUSES),
    created_at: z.iso.datetime({ offset: true }),
    decided_at: z.iso.datetime({ offset: true }).nullable(),
    decline_note: z.string().nullable().describe('The admin’s note when declining, if any'),
  })
  .describe('A waitlist application');
export type WaitlistApplication = z.infer<typeof waitlistApplicationSchema>;

export const waitlistPageSchema = pageSchema(waitlistApplicationSchema).describe('Newest first');
export type WaitlistPage = z.infer<typeof waitlistPageSchema>;

export const waitlistQuerySchema = cursorQuerySchema.extend({
  status: z.enum(WAITLIST_STATUSES).optional().describe('Only applications in this state'),
  order: listOrderSchema,
});
export type WaitlistQuery = z.infer<typeof waitlistQuerySchema>;

/** Whether sign-up asks for an invite code (INVITE_ONLY on the server). */
export const signUpOptionsSchema = z.object({ invite_only: z.boolean() });
export type SignUpOptions = z.infer<typeof signUpOptionsSchema>;

/** The member's own referral code (GET /api/me/referral). */
export const referralSchema = z.object({
  code: z.string(),
  uses_left: z.number().int().nonnegative().describe('Sign-ups the code may still bring this month'),
  uses_per_month: z.number().int().positive(),
  share_url: z.url().describe('The sign-up page with the code filled in'),
});
export type Referral = z.infer<typeof referralSchema>;

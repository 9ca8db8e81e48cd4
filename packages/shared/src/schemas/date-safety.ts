import { z } from 'zod';
import { CODE_WORD_MAX, CODE_WORD_MIN, DATE_SAFETY_TEXT, SAFETY_TIMER_STATES } from '../date-safety';

// Watching over a date (issue 39): the safety timer's forms, the member's own view of what they
// shared and set, and the status page their emergency contact opens without an account.

const codeWord = z
  .string({ error: 'Choose a code word' })
  .trim()
  .min(CODE_WORD_MIN, DATE_SAFETY_TEXT.codeWordShort)
  .max(CODE_WORD_MAX, DATE_SAFETY_TEXT.codeWordLong)
  .describe('Kept only as a salted hash; case and spacing do not count');

/** "Check in with me at 23:00", with the word that ends it. */
export const safetyTimerBodySchema = z.object({
  check_at: z.iso
    .datetime({ offset: true, error: 'Choose when we should check in with you' })
    .describe('An instant'),
  code_word: codeWord,
});
export type SafetyTimerBody = z.infer<typeof safetyTimerBodySchema>;

/** "I'm safe": the code word ends the timer. */
export const codeWordBodySchema = z.object({ code_word: codeWord });
export type CodeWordBody = z.infer<typeof codeWordBodySchema>;

/** A position the member chooses to share for an alert (kept only until the timer ends). */
const OFF_THE_MAP = 'That is not a position on the map';
export const safetyLocationBodySchema = z.object({
  lat: z.number({ error: 'Share a position' }).min(-90, OFF_THE_MAP).max(90, OFF_THE_MAP),
  lng: z.number({ error: 'Share a position' }).min(-180, OFF_THE_MAP).max(180, OFF_THE_MAP),
});
export type SafetyLocationBody = z.infer<typeof safetyLocationBodySchema>;

/** What the member has shared and set for one of their plans (their own side only). */
export const dateWatchSchema = z
  .object({
    shared_at: z.string().nullable().describe('When the plan was last sent to the emergency contact'),
    status_url: z.string().nullable().describe('The status page the contact was sent (no account needed)'),
    timer: z.object({
      state: z.enum(SAFETY_TIMER_STATES),
      check_at: z.string().nullable(),
      location_shared: z.boolean().describe('A position is kept for the alert (deleted when the timer ends)'),
    }),
    alerted_at: z.string().nullable().describe('When the contact was last alerted (no answer, or SOS)'),
  })
  .describe('Your safety watch over a date');
export type DateWatch = z.infer<typeof dateWatchSchema>;

export const dateShareReplySchema = dateWatchSchema.extend({
  sent: z.object({ email: z.boolean(), sms: z.boolean() }).describe('How the contact was reached'),
});
export type DateShareReply = z.infer<typeof dateShareReplySchema>;

// Any text: a link that is not one of ours is simply not found (404), as an expired one is.
export const dateStatusTokenParamSchema = z.object({ token: z.string().max(200) });

/**
 * The status page: what the member's emergency contact may know, and nothing more (no e-mail, no
 * position, no money, no ids).
 */
export const dateStatusSchema = z
  .object({
    member: z.object({ first_name: z.string(), checked_in: z.boolean() }),
    other: z.object({
      first_name: z.string(),
      verified: z.boolean().describe('Royal Circle verified their identity'),
      checked_in: z.boolean(),
    }),
    time: z.object({
      starts_at: z.string().describe('ISO instant'),
      local: z.string().describe('The time in `time_zone`, with its name'),
      time_zone: z.string().describe('The place’s city’s zone, or UTC when it is not known'),
    }),
    place: z.object({
      name: z.string(),
      address: z.string(),
      verified: z.boolean().describe('A Royal Circle safe location; false for a place a member typed in'),
    }),
    status: z.string().describe('The plan’s status in plain words'),
    timer: z.object({ state: z.enum(SAFETY_TIMER_STATES), check_at: z.string().nullable() }),
  })
  .describe('A date’s status for the member’s emergency contact');
export type DateStatus = z.infer<typeof dateStatusSchema>;

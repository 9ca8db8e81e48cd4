import {
  AppError,
  ErrorCode,
  WAITLIST_MAX_FILL_MS,
  WAITLIST_MIN_FILL_MS,
  WAITLIST_NOT_TAKEN_TEXT,
  WAITLIST_SUBMITTED_TEXT,
  type waitlistApplicationBodySchema,
} from '@royal/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { waitlist } from '../../db/schema';

type Application = z.output<typeof waitlistApplicationBodySchema>;

/**
 * Stores a waitlist application (spec part 2 §3: status pending). A bot — the hidden honeypot field
 * filled in, or the form sent sooner than a person can fill it — is refused with one generic text
 * (403) and nothing is stored; it is not told which check caught it. A second application while
 * one with the same address still waits is refused with ALREADY_ON_WAITLIST (409): the partial
 * unique key waitlist_pending_email_key decides, so two sent at once cannot both be stored.
 */
export async function applyToWaitlist(ctx: AppContext, input: Application): Promise<{ message: string }> {
  const botLike =
    (input.website ?? '').trim() !== '' ||
    input.fill_ms < WAITLIST_MIN_FILL_MS ||
    input.fill_ms > WAITLIST_MAX_FILL_MS;
  if (botLike) {
    ctx.log.info(
      { honeypot: Boolean(input.website), fillMs: input.fill_ms },
      'waitlist application refused as a bot',
    );
    throw new AppError(ErrorCode.FORBIDDEN, WAITLIST_NOT_TAKEN_TEXT);
  }
  try {
    await ctx.db.insert(waitlist).values({
      fullName: input.full_name,
      email: input.email,
      city: input.city,
      reason: input.reason,
      referralCode: input.referral_code ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.ALREADY_ON_WAITLIST);
    throw error;
  }
  return { message: WAITLIST_SUBMITTED_TEXT };
}

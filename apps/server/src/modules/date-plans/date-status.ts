import { AppError, DATE_STATUS_WORDS, type DateStatus, ErrorCode, statusLinkExpiresAt } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlans, datePlanWatches } from '../../db/schema';
import { dateFactsOf } from './date-facts';
import { statusTokenHash, timerStateOf } from './watch-row';

export const STATUS_NOT_FOUND_TEXT = 'This status page does not exist or has expired';

/**
 * The status page a member's emergency contact opens from their e-mail or SMS, without an account:
 * the date's facts from the member's side (date-facts.ts), its status in plain words, who has
 * checked in, and the member's safety timer. Nothing else: no e-mail, position, deposit or id. A
 * token that is not one of ours, or whose date is more than DATE_STATUS_LINK_HOURS past, is 404.
 */
export async function dateStatusByToken(
  ctx: AppContext,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<DateStatus> {
  const [found] = await ctx.db
    .select({ watch: datePlanWatches, plan: datePlans })
    .from(datePlanWatches)
    .innerJoin(datePlans, eq(datePlans.id, datePlanWatches.planId))
    .where(eq(datePlanWatches.statusTokenHash, statusTokenHash(token)));
  if (!found || now.getTime() >= statusLinkExpiresAt(found.plan.startsAt).getTime())
    throw new AppError(ErrorCode.NOT_FOUND, STATUS_NOT_FOUND_TEXT);
  const { watch, plan } = found;
  const facts = await dateFactsOf(ctx.db, plan, watch.userId);
  const state = timerStateOf(watch);
  return {
    member: { first_name: facts.memberFirstName, checked_in: facts.memberCheckedIn },
    other: {
      first_name: facts.otherFirstName,
      verified: facts.otherVerified,
      checked_in: facts.otherCheckedIn,
    },
    time: { starts_at: facts.startsAt.toISOString(), local: facts.local, time_zone: facts.timeZone },
    place: facts.place,
    status: DATE_STATUS_WORDS[plan.status],
    timer: { state, check_at: state === 'off' ? null : (watch.timerCheckAt?.toISOString() ?? null) },
  };
}

import {
  AppError,
  DATE_SAFETY_TEXT,
  DATE_SHARES_PER_DAY,
  type DateShareReply,
  dateWatchRefusal,
  ErrorCode,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { datePlanWatches } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { queueEmail } from '../mail';
import { queueSms } from '../sms';
import { conflict } from './change-plan';
import { requireEmergencyContact } from './contact';
import { shareMessages } from './contact-messages';
import { dateFactsOf } from './date-facts';
import { presentWatch } from './watch-presenter';
import { lockWatch, statusUrl } from './watch-row';
import { watchedPlan } from './watched-plan';

const DAY_MS = 86_400_000;

/**
 * Shares a confirmed date with the member's emergency contact: an e-mail (if they gave one) and an
 * SMS (if they gave a number) with the member's and the other member's first names, the other's
 * verified badge, the time in the place's zone, the place, and the status page's link. Sharing
 * again sends the same link again; at most DATE_SHARES_PER_DAY shares a day, counted under the
 * watch's lock so taps at the same moment cannot pass it together. The messages are queued in the
 * same transaction (the outboxes): they exist exactly when the share does.
 */
export async function shareDatePlan(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<DateShareReply> {
  return ctx.transact(async ({ tx }) => {
    const plan = await watchedPlan(tx, actor, planId);
    const refusal = dateWatchRefusal(plan.status, plan.startsAt, now);
    if (refusal) throw conflict(refusal);
    const contact = await requireEmergencyContact(tx, actor.id);
    const watch = await lockWatch(tx, ctx, { planId: plan.id, userId: actor.id });

    const windowOpen = watch.shareWindowAt !== null && now.getTime() - watch.shareWindowAt.getTime() < DAY_MS;
    const count = windowOpen ? watch.shareCount : 0;
    if (count >= DATE_SHARES_PER_DAY)
      throw new AppError(ErrorCode.RATE_LIMITED, DATE_SAFETY_TEXT.tooManyShares);
    const [shared] = await tx
      .update(datePlanWatches)
      .set({ sharedAt: now, shareWindowAt: windowOpen ? watch.shareWindowAt : now, shareCount: count + 1 })
      .where(eq(datePlanWatches.id, watch.id))
      .returning();

    const { mail, sms } = shareMessages(
      await dateFactsOf(tx, plan, actor.id),
      contact,
      statusUrl(ctx, watch.id),
    );
    if (contact.email) await queueEmail(tx, { to: contact.email, ...mail });
    if (contact.phone) await queueSms(tx, { to: contact.phone, text: sms });
    return {
      ...presentWatch(ctx, shared ?? watch),
      sent: { email: contact.email !== null, sms: contact.phone !== null },
    };
  });
}

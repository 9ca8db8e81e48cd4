import { DATE_SAFETY_TEXT, type DateWatch, SOS_REPEAT_MINUTES, statusLinkExpiresAt } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../../ports/auth';
import { alertContact } from './alert';
import { conflict } from './change-plan';
import { requireEmergencyContact } from './contact';
import { presentWatch } from './watch-presenter';
import { lockWatch } from './watch-row';
import { watchedPlan } from './watched-plan';

/**
 * The discreet SOS button: the member's emergency contact is alerted at once, with the place, the
 * time and the last position the member shared. Any plan that was confirmed, until its status link
 * expires, whatever has happened to it since (a cancel or a block may be part of what went wrong).
 * A second SOS within SOS_REPEAT_MINUTES of the first sends nothing more (a double tap).
 */
export async function sendSos(
  ctx: AppContext,
  { actor, planId, now = new Date() }: { actor: MemberActor; planId: string; now?: Date },
): Promise<DateWatch> {
  return ctx.transact(async ({ tx }) => {
    const plan = await watchedPlan(tx, actor, planId);
    if (plan.acceptedAt === null) throw conflict(DATE_SAFETY_TEXT.notWatched);
    if (now.getTime() >= statusLinkExpiresAt(plan.startsAt).getTime()) throw conflict(DATE_SAFETY_TEXT.notOn);
    await requireEmergencyContact(tx, actor.id);
    const watch = await lockWatch(tx, ctx, { planId: plan.id, userId: actor.id });
    const repeat =
      watch.alertReason === 'sos' &&
      watch.alertedAt !== null &&
      now.getTime() - watch.alertedAt.getTime() < SOS_REPEAT_MINUTES * 60_000;
    if (repeat) return presentWatch(ctx, watch);
    return presentWatch(ctx, await alertContact(ctx, tx, { plan, watch, reason: 'sos', now }));
  });
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { datePlanWatches } from '../../db/schema';
import { queueEmail } from '../mail';
import { queueSms } from '../sms';
import { emergencyContactOf } from './contact';
import { alertMessages } from './contact-messages';
import { dateFactsOf } from './date-facts';
import type { PlanRow } from './plan-row';
import { forgetLocation, statusUrl, type WatchRow } from './watch-row';

/**
 * Alerts the member's emergency contact (e-mail and SMS, queued in the caller's transaction) with
 * the date's facts and the last position the member shared, then marks the watch alerted and
 * deletes that position. The caller holds the watch's lock and has checked that an alert is due,
 * so one alert is written however many runs or taps reach it. The member is not told in the app:
 * a notice on a phone someone else may be holding could put them in more danger.
 */
export async function alertContact(
  ctx: Pick<AppContext, 'secrets' | 'config' | 'log'>,
  tx: Db,
  { plan, watch, reason, now }: { plan: PlanRow; watch: WatchRow; reason: 'timer' | 'sos'; now: Date },
): Promise<WatchRow> {
  const contact = await emergencyContactOf(tx, watch.userId);
  if (contact) {
    const location =
      watch.locationLat !== null && watch.locationLng !== null && watch.locationAt !== null
        ? { lat: watch.locationLat, lng: watch.locationLng, at: watch.locationAt }
        : null;
    const { mail, sms } = alertMessages(
      await dateFactsOf(tx, plan, watch.userId),
      contact,
      statusUrl(ctx, watch.id),
      {
        reason,
        at: reason === 'timer' && watch.timerCheckAt ? watch.timerCheckAt : now,
        location,
      },
    );
    if (contact.email) await queueEmail(tx, { to: contact.email, ...mail });
    if (contact.phone) await queueSms(tx, { to: contact.phone, text: sms });
  } else {
    // The contact was removed after the timer was set: the alert is due and has nobody to go to.
    ctx.log.warn({ watchId: watch.id, reason }, 'date alert due with no emergency contact to send it to');
  }
  const [alerted] = await tx
    .update(datePlanWatches)
    // An alert after the code word (SOS later that night) is the watch's latest word: not safe.
    .set({ alertedAt: now, alertReason: reason, timerEndedAt: null, ...forgetLocation })
    .where(eq(datePlanWatches.id, watch.id))
    .returning();
  if (!alerted) throw new Error('date plan watch vanished under its lock');
  return alerted;
}

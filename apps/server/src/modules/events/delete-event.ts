import { eventStatusAt } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events } from '../../db/schema';
import { auditEvent, auditedEventFields, type EventAuditor } from './event-audit';
import { removeEventPhotoObjects } from './event-photo-objects';
import { loadEvent } from './find-event';
import { eventAttendeeIds, notifyAboutEvent } from './notices';
import { eventTimes } from './presenter';
import { storedEventPhotoKeys } from './queries';

/**
 * A manager deletes an event (after the spec's confirmation); its RSVPs go with it. Members holding a
 * place are told it is cancelled, unless they were already (a cancelled event) or it is over. Its
 * photos' rows go too (cascade); their files are removed after commit. The audit row keeps what the
 * event was, since the row itself is gone.
 */
export async function deleteEvent(
  ctx: AppContext,
  { actor, ip, eventId, now = new Date() }: EventAuditor & { eventId: string; now?: Date },
): Promise<void> {
  const photoKeys = await ctx.transact(async (work) => {
    const event = await loadEvent({ db: work.tx }, eventId, { forUpdate: true });
    const status = eventStatusAt(eventTimes(event), now);
    if (status !== 'cancelled' && status !== 'ended') {
      await notifyAboutEvent(work, 'cancelled', event, await eventAttendeeIds(work.tx, eventId));
    }
    const keys = await storedEventPhotoKeys(work.tx, eventId);
    await auditEvent(work.tx, { actor, ip }, 'event.delete', eventId, {
      before: { ...auditedEventFields(event), guests_count: event.guestsCount },
    });
    await work.tx.delete(events).where(eq(events.id, eventId));
    return keys;
  });
  await removeEventPhotoObjects(ctx, photoKeys);
}

import { eventStatusAt } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events } from '../../db/schema';
import { removeEventPhotoObjects } from './event-photo-objects';
import { loadEvent } from './find-event';
import { eventAttendeeIds, notifyAboutEvent } from './notices';
import { eventTimes } from './presenter';
import { storedEventPhotoKeys } from './queries';

/**
 * A manager deletes an event (after the spec's confirmation); its RSVPs go with it. Members holding a
 * place are told it is cancelled, unless they were already (a cancelled event) or it is over. Its
 * photos' rows go too (cascade); their files are removed after commit.
 */
export async function deleteEvent(
  ctx: AppContext,
  { eventId, now = new Date() }: { eventId: string; now?: Date },
): Promise<void> {
  const photoKeys = await ctx.transact(async (work) => {
    const event = await loadEvent({ db: work.tx }, eventId, { forUpdate: true });
    const status = eventStatusAt(eventTimes(event), now);
    if (status !== 'cancelled' && status !== 'ended') {
      await notifyAboutEvent(work, 'cancelled', event, await eventAttendeeIds(work.tx, eventId));
    }
    const keys = await storedEventPhotoKeys(work.tx, eventId);
    await work.tx.delete(events).where(eq(events.id, eventId));
    return keys;
  });
  await removeEventPhotoObjects(ctx, photoKeys);
}

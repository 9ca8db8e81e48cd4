import { randomBytes } from 'node:crypto';
import {
  AppError,
  ErrorCode,
  type EventBodyParsed,
  type EventCard,
  eventCityId,
  findEventCity,
  freakoffStartAfter,
  localToInstant,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { auditEvent, auditedEventFields, changedEventFields, type EventAuditor } from './event-audit';
import { type EventRow, loadEvent } from './find-event';
import { eventAttendeeIds, notifyAboutEvent } from './notices';
import { eventCardFor } from './queries';
import { promoteWaitlisted } from './seats';

/**
 * The form as stored: the date and time read in the city's zone (decision 058), the zone copied onto
 * the event, the Freakoff start the first such local time at or after the start.
 */
export function eventValues(body: EventBodyParsed) {
  const city = findEventCity(body.city);
  // The body schema only admits launch cities; this is its guarantee, not a user error.
  if (!city) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Choose the city');
  const dateTime = localToInstant(body.date, body.time, city.timeZone);
  return {
    name: body.name,
    description: body.description,
    venue: body.venue,
    address: body.address,
    city: eventCityId(city),
    timeZone: city.timeZone,
    // The city's centre: events are placed by city, never by an exact point.
    lat: city.lat,
    lng: city.lng,
    dateTime,
    tierRequired: body.tiers_required,
    dressCode: body.dress_code,
    freakoffEnabled: body.freakoff_enabled,
    freakoffStartTime: body.freakoff_enabled
      ? freakoffStartAfter(dateTime, city.timeZone, body.freakoff_time)
      : null,
    maxGuests: body.max_guests,
    status: body.cancelled ? ('cancelled' as const) : ('upcoming' as const),
  };
}

async function cardOrThrow(db: AppContext['db'], actor: MemberActor, id: string): Promise<EventCard> {
  const card = await eventCardFor(db, actor, id);
  if (!card) throw new AppError(ErrorCode.EVENT_NOT_FOUND);
  return card;
}

/** A manager's new event, audited with the fields it was created with. */
export async function createEvent(
  ctx: AppContext,
  { actor, ip, body }: EventAuditor & { body: EventBodyParsed },
): Promise<EventCard> {
  return ctx.transact(async ({ tx }) => {
    const values = eventValues(body);
    const [created] = await tx
      .insert(events)
      .values({
        ...values,
        createdBy: actor.id,
        qrCheckinCode: randomBytes(12).toString('base64url'),
      })
      .returning({ id: events.id });
    if (!created) throw new AppError(ErrorCode.INTERNAL);
    await auditEvent(tx, { actor, ip }, 'event.create', created.id, {
      after: auditedEventFields(values),
    });
    return cardOrThrow(tx, actor, created.id);
  });
}

/** What members holding a place are told about: when and where the event is. */
function movedOrRelocated(before: EventRow, after: ReturnType<typeof eventValues>): boolean {
  return (
    before.dateTime.getTime() !== after.dateTime.getTime() ||
    before.venue !== after.venue ||
    (before.address ?? '') !== after.address ||
    before.city !== after.city
  );
}

/**
 * A manager's edit. Lowering max guests below those going is refused (EVENT_OVER_CAPACITY); raising
 * it promotes the waiting list. Cancelling (the form's status) notifies everyone holding a place, and
 * a new date, time, venue, address or city tells them too. One transaction, the event row locked,
 * with an audit row of the changed fields (`event.cancel` when it cancels); an unchanged form
 * records nothing.
 */
export async function updateEvent(
  ctx: AppContext,
  { actor, ip, eventId, body }: EventAuditor & { eventId: string; body: EventBodyParsed },
): Promise<EventCard> {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const before = await loadEvent({ db: tx }, eventId, { forUpdate: true });
    const values = eventValues(body);
    if (values.maxGuests < before.guestsCount) throw new AppError(ErrorCode.EVENT_OVER_CAPACITY);
    await tx.update(events).set(values).where(eq(events.id, eventId));

    const promoted = values.status === 'cancelled' ? [] : await promoteWaitlisted(tx, eventId);
    const after = { ...before, ...values };
    if (promoted.length > 0) await notifyAboutEvent(work, 'promoted', after, promoted);

    const cancelledNow = values.status === 'cancelled' && before.status !== 'cancelled';
    const change = changedEventFields(auditedEventFields(before), auditedEventFields(values));
    if (Object.keys(change.after).length > 0) {
      await auditEvent(tx, { actor, ip }, cancelledNow ? 'event.cancel' : 'event.update', eventId, change);
    }
    if (cancelledNow) {
      await notifyAboutEvent(work, 'cancelled', after, await eventAttendeeIds(tx, eventId));
    } else if (values.status !== 'cancelled' && movedOrRelocated(before, values)) {
      const promotedNow = new Set(promoted);
      const told = (await eventAttendeeIds(tx, eventId)).filter((id) => !promotedNow.has(id));
      await notifyAboutEvent(work, 'changed', after, told);
    }
    return cardOrThrow(tx, actor, eventId);
  });
}

import {
  type EventCard,
  type EventDressCode,
  eventEndsAt,
  eventStatusAt,
  lowestEventTier,
  type MyRsvp,
  type TierLevel,
} from '@royal/shared';
import type { eventRsvps } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { eventPhotoUrl } from './event-photo-urls';
import { type EventRow, isEventManager, tierAdmits } from './find-event';

/** The viewer's RSVP row as the card needs it; a cancelled one is no place at all. */
export type ViewerRsvp = Pick<typeof eventRsvps.$inferSelect, 'status' | 'checkedInAt' | 'freakoffMode'> & {
  /** 1 = next to be promoted; only read while waitlisted. */
  waitlistPosition: number | null;
};

export function eventTimes(row: EventRow) {
  return {
    dateTime: row.dateTime,
    freakoffEnabled: row.freakoffEnabled,
    freakoffStartTime: row.freakoffStartTime,
    cancelled: row.status === 'cancelled',
  };
}

export function presentMyRsvp(rsvp: ViewerRsvp | null): MyRsvp | null {
  if (!rsvp || rsvp.status === 'cancelled') return null;
  return {
    status: rsvp.status,
    waitlist_position: rsvp.status === 'waitlisted' ? (rsvp.waitlistPosition ?? 1) : null,
    checked_in_at: rsvp.checkedInAt?.toISOString() ?? null,
    freakoff_mode: rsvp.freakoffMode,
  };
}

/**
 * An event as this viewer sees it. A card the viewer's tier does not allow is `locked` (a manager's
 * never is): it keeps what the dimmed card shows and drops the description, address and photos.
 */
export function presentEventCard(
  row: EventRow,
  {
    viewer,
    rsvp,
    waitlistCount,
    photoIds,
    now = new Date(),
  }: {
    viewer: MemberActor;
    rsvp: ViewerRsvp | null;
    waitlistCount: number;
    /** The event's photos in order (event_photos); each served by the event photo route. */
    photoIds: readonly string[];
    now?: Date;
  },
): EventCard {
  const manager = isEventManager(viewer);
  const locked = !manager && !tierAdmits(viewer, row);
  const times = eventTimes(row);
  const tiers = row.tierRequired as TierLevel[];
  return {
    id: row.id,
    name: row.name,
    description: locked ? null : (row.description ?? ''),
    venue: row.venue,
    address: locked ? null : (row.address ?? ''),
    city: row.city ?? '',
    time_zone: row.timeZone,
    date_time: row.dateTime.toISOString(),
    ends_at: eventEndsAt(times).toISOString(),
    freakoff_enabled: row.freakoffEnabled,
    freakoff_start_time: row.freakoffEnabled ? (row.freakoffStartTime?.toISOString() ?? null) : null,
    tiers_required: tiers,
    lowest_tier: lowestEventTier(tiers),
    dress_code: row.dressCode as EventDressCode,
    max_guests: row.maxGuests,
    guests_count: row.guestsCount,
    waitlist_count: waitlistCount,
    status: eventStatusAt(times, now),
    photos: locked ? [] : photoIds.map((photoId) => eventPhotoUrl(row.id, photoId)),
    locked,
    can_manage: manager,
    my_rsvp: locked ? null : presentMyRsvp(rsvp),
  };
}

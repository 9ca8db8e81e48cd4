import { z } from 'zod';
import { DRESS_CODE_LABELS, DRESS_CODES, EVENT_STATUSES } from '../enums';
import { EVENT_CITIES, eventCityId, findEventCity } from '../events';
import { EVENT_DEFAULT_MAX_GUESTS, EVENT_DESCRIPTION_MAX, EVENT_NAME_MAX } from '../limits';
import { tierSchema } from '../tiers';
import { pageSchema, uuidInput } from './common';

// Events (issue 36, decision 058): the form, what members see, RSVPs and tickets, check-in, Freakoff
// and bulk invites. One contract for the API and the web app.

/** The spec's default dress code, 'Elegant', which its list of options omits (kept as a valid value). */
export const EVENT_DRESS_CODES = [...DRESS_CODES, 'elegant'] as const;
export type EventDressCode = (typeof EVENT_DRESS_CODES)[number];
export const EVENT_DRESS_CODE_DEFAULT: EventDressCode = 'elegant';
/** How each dress code reads on a card and in the form's select. */
export const EVENT_DRESS_CODE_LABELS: Readonly<Record<EventDressCode, string>> = {
  ...DRESS_CODE_LABELS,
  elegant: 'Elegant',
};

export const EVENT_NAME_REQUIRED_TEXT = 'Enter the event name';
export const EVENT_VENUE_REQUIRED_TEXT = 'Enter the venue';
export const EVENT_CITY_REQUIRED_TEXT = 'Choose the city';
export const EVENT_DATE_REQUIRED_TEXT = 'Choose the date';
export const EVENT_TIME_REQUIRED_TEXT = 'Choose the time';
export const EVENT_TIERS_REQUIRED_TEXT = 'Choose at least one tier';
export const EVENT_MAX_GUESTS_TEXT = 'Max guests must be a whole number from 1 to 5,000';
export const EVENT_FREAKOFF_NOTE = 'After 2:00 AM - Exclusive after-hours experience';
export const EVENT_DELETE_CONFIRM_TEXT =
  'Are you sure you want to delete this event? This action cannot be undone.';
export const EVENT_MAX_GUESTS_MAX = 5000;

const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max);

/** The event form (create and edit): date and time are entered separately, in the city's zone. */
export const eventBodySchema = z.object({
  name: requiredText(EVENT_NAME_MAX, EVENT_NAME_REQUIRED_TEXT),
  description: z.string().trim().max(EVENT_DESCRIPTION_MAX).default(''),
  venue: requiredText(200, EVENT_VENUE_REQUIRED_TEXT),
  address: z.string().trim().max(300).default(''),
  city: z
    .string({ error: EVENT_CITY_REQUIRED_TEXT })
    .refine((id) => findEventCity(id) !== null, EVENT_CITY_REQUIRED_TEXT)
    .describe(`One of the launch cities, as "Name, ST": ${EVENT_CITIES.map(eventCityId).join('; ')}`),
  date: z.iso.date({ error: EVENT_DATE_REQUIRED_TEXT }).describe('yyyy-mm-dd in the city’s time zone'),
  time: z
    .string({ error: EVENT_TIME_REQUIRED_TEXT })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_TIME_REQUIRED_TEXT)
    .describe('HH:mm, 24-hour, in the city’s time zone'),
  tiers_required: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]), {
      error: EVENT_TIERS_REQUIRED_TEXT,
    })
    .min(1, EVENT_TIERS_REQUIRED_TEXT)
    .max(4)
    .transform((tiers) => [...new Set(tiers)].sort()),
  dress_code: z.enum(EVENT_DRESS_CODES).default(EVENT_DRESS_CODE_DEFAULT),
  freakoff_enabled: z.boolean().default(true),
  freakoff_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .default('02:00')
    .describe('HH:mm in the city’s zone: the first such time at or after the start'),
  max_guests: z.coerce
    .number({ error: EVENT_MAX_GUESTS_TEXT })
    .int(EVENT_MAX_GUESTS_TEXT)
    .min(1, EVENT_MAX_GUESTS_TEXT)
    .max(EVENT_MAX_GUESTS_MAX, EVENT_MAX_GUESTS_TEXT)
    .default(EVENT_DEFAULT_MAX_GUESTS),
  cancelled: z
    .boolean()
    .default(false)
    .describe('The spec’s editable status: a cancelled event notifies every guest'),
});
export type EventBody = z.input<typeof eventBodySchema>;
export type EventBodyParsed = z.output<typeof eventBodySchema>;

export const RSVP_STATUSES = ['going', 'waitlisted', 'checked_in'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
export const FREAKOFF_MODES = ['freakoff', 'regular'] as const;
export type FreakoffMode = (typeof FREAKOFF_MODES)[number];

/** The viewer's own place at an event, if they have one. */
export const myRsvpSchema = z
  .object({
    status: z.enum(RSVP_STATUSES),
    waitlist_position: z.int().min(1).nullable().describe('1 = next to be promoted; null unless waitlisted'),
    checked_in_at: z.iso.datetime({ offset: true }).nullable(),
    freakoff_mode: z.enum(FREAKOFF_MODES).nullable().describe('What the member chose once Freakoff opened'),
  })
  .describe('The viewer’s RSVP');
export type MyRsvp = z.infer<typeof myRsvpSchema>;

/**
 * An event as a member sees it in the list. An event the viewer's tier does not allow is `locked`:
 * it shows as a dimmed card with "Tier N+ Required", without its address, description or photos.
 */
export const eventCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable().describe('null when locked'),
  venue: z.string(),
  address: z.string().nullable().describe('null when locked'),
  city: z.string().describe('"Name, ST"'),
  time_zone: z.string().describe('IANA zone of the city'),
  date_time: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  freakoff_enabled: z.boolean(),
  freakoff_start_time: z.iso.datetime({ offset: true }).nullable(),
  tiers_required: z.array(tierSchema),
  lowest_tier: tierSchema,
  dress_code: z.enum(EVENT_DRESS_CODES),
  max_guests: z.int().min(1),
  guests_count: z.int().min(0).describe('Going or checked in (the spec’s current_guests)'),
  waitlist_count: z.int().min(0),
  status: z.enum(EVENT_STATUSES).describe('Derived from the clock, except cancelled'),
  photos: z.array(z.string()).describe('Image URLs; empty when locked'),
  locked: z.boolean().describe('The viewer’s tier is not among tiers_required'),
  can_manage: z.boolean().describe('Admin or promoter: may edit, check guests in and bulk invite'),
  my_rsvp: myRsvpSchema.nullable(),
});
export type EventCard = z.infer<typeof eventCardSchema>;

export const eventsPageSchema = pageSchema(eventCardSchema).describe('Soonest first; ended events left out');
export type EventsPage = z.infer<typeof eventsPageSchema>;

/** Another member at an event, as guests see them: ghost, incognito and blocked members are left out. */
export const eventGuestSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  tier: tierSchema,
  verified: z.boolean(),
  checked_in: z.boolean(),
});
export type EventGuest = z.infer<typeof eventGuestSchema>;

export const eventGuestsSchema = z.object({
  items: z.array(eventGuestSchema),
  hidden_count: z.int().min(0).describe('Guests not shown (ghost mode, incognito); counted, not named'),
});
export type EventGuests = z.infer<typeof eventGuestsSchema>;

/** The member's own ticket: a signed code, also drawn as a QR image, that admits them to this event only. */
export const eventTicketSchema = z.object({
  event_id: z.uuid(),
  code: z.string().describe('Signed; valid for this member at this event while the RSVP stands'),
  qr_svg: z.string().describe('The code as an SVG QR image'),
  status: z.enum(['going', 'checked_in']),
  checked_in_at: z.iso.datetime({ offset: true }).nullable(),
});
export type EventTicket = z.infer<typeof eventTicketSchema>;

export const rsvpReplySchema = z.object({ event: eventCardSchema });
export type RsvpReply = z.infer<typeof rsvpReplySchema>;

export const checkInBodySchema = z.object({
  code: z.string().trim().min(1, 'Enter the ticket code').max(400),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

export const checkInReplySchema = z.object({
  guest: z.object({ id: z.uuid(), name: z.string(), avatar_url: z.string().nullable(), tier: tierSchema }),
  checked_in_at: z.iso.datetime({ offset: true }).describe('The first arrival, when this scan is a repeat'),
  already_checked_in: z.boolean(),
});
export type CheckInReply = z.infer<typeof checkInReplySchema>;

/** A manager's view of the door: who has a ticket and who has arrived. */
export const eventArrivalsSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      avatar_url: z.string().nullable(),
      tier: tierSchema,
      checked_in_at: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
  guests_count: z.int().min(0),
  arrived_count: z.int().min(0),
});
export type EventArrivals = z.infer<typeof eventArrivalsSchema>;

export const freakoffChoiceBodySchema = z.object({ mode: z.enum(FREAKOFF_MODES) });
export type FreakoffChoiceBody = z.infer<typeof freakoffChoiceBodySchema>;

export const freakoffChoiceReplySchema = z.object({
  mode: z.enum(FREAKOFF_MODES),
  pass_used: z.boolean().describe('An After Dark Pass was consumed for this event by this choice'),
});
export type FreakoffChoiceReply = z.infer<typeof freakoffChoiceReplySchema>;

export const BULK_INVITE_MESSAGE_MAX = 500;
export const bulkInviteBodySchema = z.object({
  tiers: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))
    .min(1, EVENT_TIERS_REQUIRED_TEXT)
    .max(4),
  message: z.string().trim().min(1, 'Write a message for the invitation').max(BULK_INVITE_MESSAGE_MAX),
});
export type BulkInviteBody = z.infer<typeof bulkInviteBodySchema>;

export const bulkInviteReplySchema = z.object({
  id: z.uuid(),
  status: z.enum(['queued', 'sent']),
  recipients: z.int().min(0).nullable().describe('Known once sent'),
});
export type BulkInviteReply = z.infer<typeof bulkInviteReplySchema>;

export const eventIdParamSchema = z.object({ id: uuidInput().describe('Event id') });

/** At most this many photos on one event (the details page shows the first three). */
export const EVENT_PHOTO_MAX_COUNT = 6;
export const EVENT_PHOTO_MESSAGES = {
  limit: `An event can have up to ${EVENT_PHOTO_MAX_COUNT} photos. Remove one to add another.`,
  notSafe: 'This photo cannot be shown on an event. Please choose another.',
  notChecked: 'The photo could not be checked just now. Please try again.',
  createFirst: 'Save the event first, then add its photos.',
} as const;

export const eventPhotoIdParamSchema = z.object({
  id: uuidInput().describe('Event id'),
  photoId: uuidInput().describe('Event photo id'),
});

export const EVENT_PHOTO_SIZES = ['large', 'small'] as const;
export type EventPhotoSize = (typeof EVENT_PHOTO_SIZES)[number];

/** One of an event's photos, as the managers' form shows it: served through the event photo route. */
export const eventPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string().describe('The large variant'),
  thumb_url: z.string().describe('The small variant, for thumbnails'),
});
export type EventPhoto = z.infer<typeof eventPhotoSchema>;

export const eventPhotosSchema = z.object({
  photos: z.array(eventPhotoSchema).max(EVENT_PHOTO_MAX_COUNT).describe('In order: the first is the cover'),
});
export type EventPhotos = z.infer<typeof eventPhotosSchema>;

import { EVENT_DEFAULT_MAX_GUESTS, EVENT_DRESS_CODES, EVENT_STATUSES, FREAKOFF_MODES } from '@royal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { boosts } from './billing';
import { createdAt, idPk, tstz, updatedAt } from './columns';

// Events (issue 36, decision 058). Status is stored only as upcoming or cancelled: the rest
// (active, freakoff, ended) is read from the clock by the shared rules (`eventStatusAt`).
export const dressCode = pgEnum('dress_code', EVENT_DRESS_CODES);
export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const rsvpStatus = pgEnum('rsvp_status', ['going', 'cancelled', 'checked_in', 'waitlisted']);
export const freakoffMode = pgEnum('freakoff_mode', FREAKOFF_MODES);

export const events = pgTable(
  'events',
  {
    id: idPk(),
    name: text('name').notNull(),
    description: text('description'),
    venue: text('venue').notNull(),
    address: text('address'),
    city: text('city'),
    /** The city's IANA zone, frozen when the event is saved: the form's date and time are read in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    dateTime: tstz('date_time').notNull(),
    /** Tiers allowed to see details and RSVP; tier 0 can never attend. */
    tierRequired: smallint('tier_required').array().notNull().default(sql`'{1,2,3,4}'::smallint[]`),
    dressCode: dressCode('dress_code').notNull().default('elegant'),
    freakoffEnabled: boolean('freakoff_enabled').notNull().default(true),
    freakoffStartTime: tstz('freakoff_start_time'),
    maxGuests: integer('max_guests').notNull().default(EVENT_DEFAULT_MAX_GUESTS),
    /**
     * Guests going or checked in, kept by the RSVP verbs in the same statement that takes a seat: the
     * check below is what makes capacity hold when many members RSVP at once.
     */
    guestsCount: integer('guests_count').notNull().default(0),
    /** When members with a ticket were reminded that it starts soon (once per event). */
    remindedAt: tstz('reminded_at'),
    /** Random code behind the door QR; the check-in route looks the event up by it. */
    qrCheckinCode: text('qr_checkin_code').unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: eventStatus('status').notNull().default('upcoming'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'events_tier_required_valid',
      sql`cardinality(${t.tierRequired}) >= 1 and ${t.tierRequired} <@ ARRAY[1,2,3,4]::smallint[]`,
    ),
    check('events_max_guests_positive', sql`${t.maxGuests} > 0`),
    check('events_guests_within_capacity', sql`${t.guestsCount} between 0 and ${t.maxGuests}`),
    index('events_date_time_idx').on(t.dateTime),
    index('events_status_idx').on(t.status),
  ],
);

/** current_guests of the spec = rows with status going or checked_in. */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: rsvpStatus('status').notNull().default('going'),
    createdAt: createdAt(),
    /** When the member took their current place: the waiting list is promoted in this order. */
    queuedAt: tstz('queued_at').notNull().defaultNow(),
    checkedInAt: tstz('checked_in_at'),
    /**
     * Random, renewed on every new RSVP: the ticket's code is signed over it, so a code from a
     * cancelled RSVP no longer matches once the member RSVPs again.
     */
    ticketNonce: text('ticket_nonce').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    freakoffMode: freakoffMode('freakoff_mode'),
    /** The After Dark Pass this member used for this event's Freakoff, if any: consumed once. */
    afterDarkPassId: uuid('after_dark_pass_id').references(() => boosts.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_rsvps_user_idx').on(t.userId),
    // The waiting list in order, and the guest list, per event.
    index('event_rsvps_event_status_queued_idx').on(t.eventId, t.status, t.queuedAt),
    uniqueIndex('event_rsvps_ticket_nonce_idx').on(t.ticketNonce),
  ],
);

/**
 * A promoter's Bulk Invite: one notification per eligible member, written in batches by a job. The
 * deliveries table makes a retried batch write nothing twice.
 */
export const eventBulkInvites = pgTable('event_bulk_invites', {
  id: idPk(),
  eventId: uuid('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  tiers: smallint('tiers').array().notNull(),
  message: text('message').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  recipients: integer('recipients'),
  sentAt: tstz('sent_at'),
  createdAt: createdAt(),
});

export const eventBulkInviteDeliveries = pgTable(
  'event_bulk_invite_deliveries',
  {
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => eventBulkInvites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.inviteId, t.userId] })],
);

/**
 * An event's photos (issue 36), through the member photo pipeline: re-encoded WebP without metadata,
 * in private storage under random keys, served only by the event photo route to members the event
 * admits. Position 0 is the cover; positions stay 0…n-1 (EVENT_PHOTO_MAX_COUNT at most).
 */
export const eventPhotos = pgTable(
  'event_photos',
  {
    id: idPk(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    keyLarge: text('key_large').notNull(),
    keySmall: text('key_small').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The classifier's safe probability when it was uploaded (only photos it judged safe are kept). */
    aiConfidenceScore: real('ai_confidence_score'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_photos_event_position_idx').on(t.eventId, t.position),
    check('event_photos_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
    check('event_photos_ai_confidence_range', sql`${t.aiConfidenceScore} between 0 and 1`),
  ],
);

import { DRESS_CODES, EVENT_DEFAULT_MAX_GUESTS, EVENT_STATUSES } from '@royal/shared';
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
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz, updatedAt } from './columns';

/**
 * The spec's five dress codes plus 'elegant', its event default, which the list omits. Keeping it a
 * valid value means events created with the default are not rejected.
 */
export const EVENT_DRESS_CODES = [...DRESS_CODES, 'elegant'] as const;
export const dressCode = pgEnum('dress_code', EVENT_DRESS_CODES);
export const eventStatus = pgEnum('event_status', EVENT_STATUSES);
export const rsvpStatus = pgEnum('rsvp_status', ['going', 'cancelled', 'checked_in']);

export const events = pgTable(
  'events',
  {
    id: idPk(),
    name: text('name').notNull(),
    description: text('description'),
    venue: text('venue').notNull(),
    address: text('address'),
    city: text('city'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    dateTime: tstz('date_time').notNull(),
    /** Tiers allowed to see details and RSVP; tier 0 can never attend. */
    tierRequired: smallint('tier_required').array().notNull().default(sql`'{1,2,3,4}'::smallint[]`),
    dressCode: dressCode('dress_code').notNull().default('elegant'),
    freakoffEnabled: boolean('freakoff_enabled').notNull().default(true),
    freakoffStartTime: tstz('freakoff_start_time'),
    maxGuests: integer('max_guests').notNull().default(EVENT_DEFAULT_MAX_GUESTS),
    /** Random code behind the door QR; the check-in route looks the event up by it. */
    qrCheckinCode: text('qr_checkin_code').unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: eventStatus('status').notNull().default('upcoming'),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'events_tier_required_valid',
      sql`cardinality(${t.tierRequired}) >= 1 and ${t.tierRequired} <@ ARRAY[1,2,3,4]::smallint[]`,
    ),
    check('events_max_guests_positive', sql`${t.maxGuests} > 0`),
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
    checkedInAt: tstz('checked_in_at'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_rsvps_user_idx').on(t.userId)],
);

import {
  DEFAULT_MEMBER_SETTINGS as D,
  type OpenHours,
  PROFILE_VISIBILITY,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  SAFE_LOCATION_TYPES,
} from '@royal/shared';
import { sql } from 'drizzle-orm';

import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz, updatedAt } from './columns';

export type { OpenHours };

export const profileVisibility = pgEnum('profile_visibility', PROFILE_VISIBILITY);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const safeLocationType = pgEnum('safe_location_type', SAFE_LOCATION_TYPES);

/**
 * The spec's safety settings plus the quick-settings and settings-dialog toggles, one row per member.
 * Defaults come from the shared DEFAULT_MEMBER_SETTINGS so a missing row and a fresh row read the same.
 */
export const safetySettings = pgTable(
  'safety_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileVisibility: profileVisibility('profile_visibility').notNull().default(D.profile_visibility),
    incognitoMode: boolean('incognito_mode').notNull().default(D.incognito_mode),
    locationSharing: boolean('location_sharing').notNull().default(D.location_sharing),
    readReceipts: boolean('read_receipts').notNull().default(D.read_receipts),
    safeMeetingNotifications: boolean('safe_meeting_notifications')
      .notNull()
      .default(D.safe_meeting_notifications),
    autoBlockSuspicious: boolean('auto_block_suspicious').notNull().default(D.auto_block_suspicious),
    pushNotifications: boolean('push_notifications').notNull().default(D.push_notifications),
    matchNotifications: boolean('match_notifications').notNull().default(D.match_notifications),
    messageNotifications: boolean('message_notifications').notNull().default(D.message_notifications),
    partyInvites: boolean('party_invites').notNull().default(D.party_invites),
    showOnlineStatus: boolean('show_online_status').notNull().default(D.show_online_status),
    darkMode: boolean('dark_mode').notNull().default(D.dark_mode),
    language: text('language').notNull().default(D.language),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /** Where a shared date and an alert are e-mailed (issue 39). */
    emergencyContactEmail: text('emergency_contact_email'),
    /**
     * Pushes say only "New activity" (issue 40). Null until the member chooses: the reply and the
     * push worker then read the profile's discretion_required.
     */
    discreetNotifications: boolean('discreet_notifications'),
    /** No push between the two times of day ("HH:MM"), read in the zone (an IANA name). */
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(D.quiet_hours_enabled),
    quietHoursStart: text('quiet_hours_start').notNull().default(D.quiet_hours_start),
    quietHoursEnd: text('quiet_hours_end').notNull().default(D.quiet_hours_end),
    quietHoursZone: text('quiet_hours_zone').notNull().default(D.quiet_hours_zone),
    /** Others' photos stay blurred until tapped (the web app reads it). */
    blurPhotos: boolean('blur_photos').notNull().default(D.blur_photos),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Who wants suspects blocked for them (modules/safety/auto-block.ts), found without reading everyone.
    index('safety_settings_auto_block_idx').on(t.userId).where(sql`${t.autoBlockSuspicious}`),
    // The shared rule (time-of-day.ts TIME_OF_DAY_PATTERN) as the table's own: the push worker reads
    // these times as they are.
    check(
      'safety_settings_quiet_hours_format',
      sql`${t.quietHoursStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.quietHoursEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    id: idPk(),
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves "my blocks" (blocker_id = ?).
    unique('user_blocks_pair_key').on(t.blockerId, t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
    // Feed exclusion works both ways: who blocked me.
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: idPk(),
    // The report outlives the reporter's account (set null) but not the reported member's.
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedId: uuid('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    details: text('details'),
    status: reportStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: tstz('resolved_at'),
    /**
     * The date plan a report was filed from (a flag on a private rating after the date). No foreign
     * key: a report outlives the plan, and the plan's deletion must not rewrite the report.
     */
    datePlanId: uuid('date_plan_id'),
  },
  (t) => [
    check('reports_details_length', sql`char_length(${t.details}) <= ${sql.raw(String(REPORT_DETAILS_MAX))}`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    // "Has this member already reported that one?" (one unsettled report per pair), and the reports
    // against one member (the queue's count, auto-block).
    index('reports_reporter_reported_idx').on(t.reporterId, t.reportedId),
    // The rule itself, which two reports filed at the same moment cannot both pass.
    // Reports filed from a date's rating are outside it: each flag is a report of its own, and a
    // report already open from the chat must not swallow what happened at the date.
    uniqueIndex('reports_one_unsettled_per_pair')
      .on(t.reporterId, t.reportedId)
      .where(sql`${t.status} in ('open', 'reviewing') and ${t.datePlanId} is null`),
    // A date's reports (the moderators' context of one), and each flag of a rating once.
    uniqueIndex('reports_date_plan_flag_key')
      .on(t.datePlanId, t.reporterId, t.reason)
      .where(sql`${t.datePlanId} is not null`),
    index('reports_reported_status_idx').on(t.reportedId, t.status),
    // Reports by day for the admin analytics' rollups (decision 061).
    index('reports_created_idx').on(t.createdAt),
  ],
);

/** Public meeting places suggested in the Safety Center; not member data. */
export const safeLocations = pgTable(
  'safe_locations',
  {
    id: idPk(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    verified: boolean('verified').notNull().default(false),
    safetyRating: real('safety_rating').notNull(),
    locationType: safeLocationType('location_type').notNull(),
    openHours: jsonb('open_hours').$type<OpenHours>().notNull().default({}),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: createdAt(),
  },
  (t) => [
    check('safe_locations_rating_range', sql`${t.safetyRating} between 0 and 5`),
    // "verified, rating ≥ 4 in my city, best first, limit 6".
    index('safe_locations_lookup_idx').on(t.city, t.state, t.verified, t.safetyRating.desc().nullsFirst()),
  ],
);

import { MATCH_STATUSES, NOTIFICATION_TYPES, SWIPE_DIRECTIONS } from '@royal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, idPk, tstz } from './columns';

export const swipeDirection = pgEnum('swipe_direction', SWIPE_DIRECTIONS);
export const matchStatus = pgEnum('match_status', MATCH_STATUSES);
export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);

/** left = pass, right = like, up = super like (also a favorite). One swipe per ordered pair. */
export const swipeActions = pgTable(
  'swipe_actions',
  {
    swiperId: uuid('swiper_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: swipeDirection('direction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A swipe is its pair: the key has no id of its own (drizzle/0025), since nothing refers to a
    // swipe but by its pair, and a random id cost every swipe an insert into a third unique index
    // at a random place. Also serves "seen targets" (swiper_id = ?) and the mutual-like lookup.
    primaryKey({ name: 'swipe_actions_pkey', columns: [t.swiperId, t.targetId] }),
    check('swipe_actions_not_self', sql`${t.swiperId} <> ${t.targetId}`),
    // Viewed Me (right|up) and Favorited Me (up): who swiped on me, newest first.
    index('swipe_actions_target_idx').on(t.targetId, t.direction, t.createdAt.desc().nullsFirst()),
    // My Favorites and swipe history.
    index('swipe_actions_swiper_idx').on(t.swiperId, t.direction, t.createdAt.desc().nullsFirst()),
    // Swipes by day for the admin analytics (decision 061). A btree, not a block range index: a swipe
    // appends at its right edge (no random page), and it stays exact however the heap's order drifts.
    index('swipe_actions_created_idx').on(t.createdAt),
  ],
);

/**
 * A mutual like. The pair is stored ordered (user1_id < user2_id) and unique, so two concurrent
 * mutual likes can only ever insert one row: the loser's insert hits the unique key
 * (use ON CONFLICT DO NOTHING and re-read).
 */
export const matches = pgTable(
  'matches',
  {
    id: idPk(),
    user1Id: uuid('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: uuid('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    lastMessageAt: tstz('last_message_at'),
    /**
     * When both members had written at least once. From then on the match stays open past its
     * 48 hours (DESIGN); until then the expiry job closes it at expires_at.
     */
    conversationStartedAt: tstz('conversation_started_at'),
    /**
     * Who wrote the latest message. A send decides from the row itself (which the UPDATE locks and
     * re-reads once a concurrent send commits) whether the conversation has now started: it has when
     * someone other than the last writer writes. No foreign key: matches go with either member.
     */
    lastSenderId: uuid('last_sender_id'),
    status: matchStatus('status').notNull().default('active'),
  },
  (t) => [
    check('matches_ordered_pair', sql`${t.user1Id} < ${t.user2Id}`),
    unique('matches_pair_key').on(t.user1Id, t.user2Id),
    // A member's matches by latest message, never-messaged last (order with
    // sql`${matches.lastMessageAt} desc nulls last` to use these); a member can be on either side.
    index('matches_user1_last_message_idx').on(t.user1Id, t.lastMessageAt.desc()),
    index('matches_user2_last_message_idx').on(t.user2Id, t.lastMessageAt.desc()),
    // The expiry job's scan: open matches nobody has answered, by deadline.
    index('matches_awaiting_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active' and ${t.conversationStartedAt} is null`),
    // Matches by day for the admin analytics' rollups (decision 061).
    index('matches_created_idx').on(t.createdAt),
  ],
);

/**
 * The latest time each viewer opened each profile page (ghost-mode viewers are not recorded), and
 * when that viewer's view was last counted in view_count: at most once a day per viewer.
 */
export const profileViews = pgTable(
  'profile_views',
  {
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedId: uuid('viewed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
    countedAt: tstz('counted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.viewedId] }),
    check('profile_views_not_self', sql`${t.viewerId} <> ${t.viewedId}`),
    index('profile_views_viewed_idx').on(t.viewedId, t.viewedAt.desc().nullsFirst()),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: idPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The member the notification is about (shown with their avatar and name), if any. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** In-app route to open on click, e.g. /messages. */
    link: text('link'),
    /**
     * Notifications that must not repeat carry a key unique per recipient, e.g. one super-like
     * notice per pair per day ('super-like:<from>:<day>'); an insert that hits it is skipped.
     * A chat's new-messages notice ('messages:<match>') is updated in place instead (decision 031).
     */
    dedupeKey: text('dedupe_key'),
    /**
     * How many events the notice stands for since it was last read: a chat's new messages ("3 new
     * messages from Ana"); 1 for every other notice.
     */
    eventCount: integer('event_count').notNull().default(1),
    isRead: boolean('is_read').notNull().default(false),
    /** When it was written, or last updated in place (it then comes back to the top, unread). */
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The unread badge count.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.isRead} = false`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

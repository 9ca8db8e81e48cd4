import { ADMIN_QUEUES } from '@royal/shared';
import { index, pgEnum, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tstz } from './columns';

export const adminQueue = pgEnum('admin_queue', ADMIN_QUEUES);

/**
 * Which admin is working on a queue item (a report, support request, waitlist application or photo
 * appeal), so that two admins do not decide the same one. One row per item at most: a claim is taken
 * by one INSERT … ON CONFLICT DO UPDATE … WHERE the held claim expired (or is the same admin's), so of
 * two admins racing for an item exactly one gets it. A decision deletes the row in its transaction;
 * an expired row is simply overwritten by the next claim.
 */
export const adminClaims = pgTable(
  'admin_claims',
  {
    queue: adminQueue('queue').notNull(),
    itemId: uuid('item_id').notNull(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: tstz('claimed_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'admin_claims_pkey', columns: [t.queue, t.itemId] }),
    // The cascade when an admin's account goes.
    index('admin_claims_admin_idx').on(t.adminId),
  ],
);

import type { AdminQueue } from '@royal/shared';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { enforcementActions, photos, reports, supportRequests, waitlist } from '../../db/schema';

/** Where a queue's items live, and which of them still wait for a decision. */
export type QueueSource = { table: PgTable; id: PgColumn; open: () => SQL };

/**
 * Each queue's items and its "waiting" rule: the same rules its own list and decide verb use (a report
 * open or under review, an open support request, a pending application, a submitted appeal of a
 * rejected photo, an undecided appeal of a suspension or ban still standing). Each has an index that
 * starts with the rule (reports_status_created_idx, support_requests_open_idx,
 * waitlist_status_created_idx, photos_appeals_idx, enforcement_actions_open_appeals_idx).
 */
export const QUEUES: Readonly<Record<AdminQueue, QueueSource>> = {
  reports: {
    table: reports,
    id: reports.id,
    open: () => inArray(reports.status, ['open', 'reviewing']),
  },
  'support-requests': {
    table: supportRequests,
    id: supportRequests.id,
    open: () => eq(supportRequests.status, 'open'),
  },
  waitlist: { table: waitlist, id: waitlist.id, open: () => eq(waitlist.status, 'pending') },
  'photo-appeals': {
    table: photos,
    id: photos.id,
    open: () => and(eq(photos.appealStatus, 'submitted'), eq(photos.status, 'rejected')) as SQL,
  },
  // The partial index's predicate, word for word: a suspension that ran out while its appeal waited
  // stays in the queue (deciding it still records the answer the member was owed).
  'enforcement-appeals': {
    table: enforcementActions,
    id: enforcementActions.id,
    open: () =>
      and(
        isNotNull(enforcementActions.appealedAt),
        isNull(enforcementActions.appealDecision),
        isNull(enforcementActions.liftedAt),
      ) as SQL,
  },
};

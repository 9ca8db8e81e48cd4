import type { QueuedSupportRequest, SupportRequest } from '@royal/shared';
import type { supportRequests } from '../../db/schema';

type SupportRequestRow = Pick<
  typeof supportRequests.$inferSelect,
  'id' | 'topic' | 'status' | 'createdAt' | 'message'
>;

/** A request as its member sees it: what it is about and where it stands, not their words again. */
export function presentSupportRequest(row: Omit<SupportRequestRow, 'message'>): SupportRequest {
  return { id: row.id, topic: row.topic, status: row.status, created_at: row.createdAt.toISOString() };
}

/** A request in the admins' list, with the member to reply to. */
export function presentQueuedSupportRequest(
  row: SupportRequestRow & { memberId: string; memberName: string },
): QueuedSupportRequest {
  return {
    ...presentSupportRequest(row),
    message: row.message,
    member: { id: row.memberId, name: row.memberName },
  };
}

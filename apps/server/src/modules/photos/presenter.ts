import type { MyPhoto } from '@royal/shared';
import type { photos } from '../../db/schema';
import { photoUrl } from './urls';

export type PhotoRow = typeof photos.$inferSelect;

/** A photo as its owner (and, with more, an admin) sees it: every state, reason and appeal. */
export function presentMyPhoto(row: PhotoRow): MyPhoto {
  return {
    id: row.id,
    url: photoUrl(row.id, 'large'),
    thumb_url: photoUrl(row.id, 'small'),
    position: row.position,
    status: row.status,
    rejection_reason: row.rejectionReason,
    appeal_status: row.appealStatus,
    appeal_reason: row.appealReason,
    appeal_submitted_at: row.appealSubmittedAt?.toISOString() ?? null,
    moderated_at: row.moderatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

import {
  AppError,
  type AppealDecisionBody,
  ErrorCode,
  type ModerationDecisionBody,
  type ModerationItem,
  type ModerationPage,
  type ModerationQuery,
  type TierLevel,
} from '@royal/shared';
import { and, asc, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos, profiles } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';
import { lockPhotoOwner, presentMyPhoto } from '../photos';

export const MODERATION_PAGE_SIZE = 24;
const NOT_FOUND = 'Photo not found';

/** A photo with no appeal: the state a new decision starts from. */
const NO_APPEAL = { appealStatus: 'none', appealReason: null, appealSubmittedAt: null } as const;

/**
 * An appeal waiting for an admin. Only a rejected photo can have one; the status check also keeps out
 * of the queue (and out of decideAppeal's reach) an appeal left on a photo approved before decisions
 * reset appeals, which would otherwise mark an approved photo's appeal rejected.
 */
const appealAwaitingDecision = () => and(eq(photos.appealStatus, 'submitted'), eq(photos.status, 'rejected'));

const itemColumns = {
  photo: photos,
  memberName: profiles.name,
  memberAge: profiles.age,
  memberCity: profiles.city,
  memberState: profiles.state,
  memberTier: profiles.tierLevel,
};

type ItemRow = {
  photo: typeof photos.$inferSelect;
  memberName: string;
  memberAge: number;
  memberCity: string;
  memberState: string;
  memberTier: number;
};

function presentItem(row: ItemRow): ModerationItem {
  const { position: _position, ...mine } = presentMyPhoto(row.photo);
  return {
    ...mine,
    ai_confidence_score: row.photo.aiConfidenceScore,
    member: {
      id: row.photo.userId,
      name: row.memberName,
      age: row.memberAge,
      city: row.memberCity,
      state: row.memberState,
      tier_level: row.memberTier as TierLevel,
    },
  };
}

// Cursor: the last item's created_at and id (the queue's order), opaque to the client.
const encodeCursor = (row: ItemRow) =>
  Buffer.from(`${row.photo.createdAt.toISOString()}|${row.photo.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid cursor', [
      { path: 'cursor', message: 'Invalid cursor' },
    ]);
  }
  return { createdAt, id };
}

/** One tab of the Photo Moderation queue (Pending Review, Approved, Rejected), newest first. */
export async function listForModeration(ctx: AppContext, query: ModerationQuery): Promise<ModerationPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await ctx.db
    .select(itemColumns)
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(
      and(
        eq(photos.status, query.status),
        after
          ? or(
              lt(photos.createdAt, after.createdAt),
              and(eq(photos.createdAt, after.createdAt), lt(photos.id, after.id)),
            )
          : undefined,
      ) as SQL,
    )
    .orderBy(desc(photos.createdAt), desc(photos.id))
    .limit(MODERATION_PAGE_SIZE + 1);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(presentItem),
    next_cursor: rows.length > MODERATION_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** Submitted appeals, oldest first (the order they should be answered in). */
export async function listAppeals(ctx: AppContext): Promise<ModerationPage> {
  const rows = await ctx.db
    .select(itemColumns)
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(appealAwaitingDecision())
    .orderBy(asc(photos.appealSubmittedAt))
    .limit(MODERATION_PAGE_SIZE * 4);
  return { items: rows.map(presentItem), next_cursor: null };
}

async function loadItem(ctx: AppContext, photoId: string): Promise<ModerationItem> {
  const [row] = await ctx.db
    .select(itemColumns)
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(eq(photos.id, photoId));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
  return presentItem(row);
}

/**
 * An admin approves or rejects (with a reason) a photo; recorded in the audit trail. A decision that
 * changes the status starts the appeal over: an earlier appeal answered a decision that no longer
 * stands, so a new rejection may be appealed again, and a pending appeal of a photo now approved
 * leaves the queue. Re-deciding the same status (a new rejection reason) keeps the appeal as it is.
 */
export async function decidePhoto(
  ctx: AppContext,
  {
    actor,
    photoId,
    input,
    ip,
  }: { actor: MemberActor; photoId: string; input: ModerationDecisionBody; ip: string | null },
): Promise<ModerationItem> {
  await ctx.transact(async ({ tx }) => {
    const ownerId = await lockPhotoOwner(tx, photoId);
    const approve = input.action === 'approve';
    const status = approve ? 'approved' : 'rejected';
    // Status changes are serialised by lockPhotoOwner, so this read stays true until the update.
    const [current] = await tx.select({ status: photos.status }).from(photos).where(eq(photos.id, photoId));
    if (!current) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
    await tx
      .update(photos)
      .set({
        status,
        rejectionReason: approve ? null : input.rejection_reason,
        moderatedAt: new Date(),
        moderatedBy: actor.id,
        ...(current.status === status ? {} : NO_APPEAL),
      })
      .where(eq(photos.id, photoId));
    await writeAudit(tx, {
      actorId: actor.id,
      action: approve ? 'photo.approved' : 'photo.rejected',
      reasonCode: approve ? 'admin_approved' : 'admin_rejected',
      targetType: 'photo',
      targetId: photoId,
      memberId: ownerId,
      data: {
        before: current.status,
        after: status,
        ...(approve ? {} : { reason: input.rejection_reason }),
      },
      ip,
    });
  });
  return loadItem(ctx, photoId);
}

/** An admin decides a submitted appeal: approved restores the photo, rejected keeps the decision. */
export async function decideAppeal(
  ctx: AppContext,
  {
    actor,
    photoId,
    input,
    ip,
  }: { actor: MemberActor; photoId: string; input: AppealDecisionBody; ip: string | null },
): Promise<ModerationItem> {
  await ctx.transact(async ({ tx }) => {
    await settleClaimForDecision(tx, { queue: 'photo-appeals', itemId: photoId, adminId: actor.id });
    const ownerId = await lockPhotoOwner(tx, photoId);
    const upheld = input.action === 'approve';
    const now = new Date();
    const [row] = await tx
      .update(photos)
      .set(
        upheld
          ? {
              appealStatus: 'approved',
              status: 'approved',
              rejectionReason: null,
              moderatedAt: now,
              moderatedBy: actor.id,
            }
          : { appealStatus: 'rejected', moderatedAt: now, moderatedBy: actor.id },
      )
      .where(and(eq(photos.id, photoId), appealAwaitingDecision()))
      .returning({ id: photos.id });
    if (!row) {
      const [exists] = await tx.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId));
      if (!exists) throw new AppError(ErrorCode.NOT_FOUND, NOT_FOUND);
      throw new AppError(ErrorCode.CONFLICT, 'This photo has no appeal waiting for a decision');
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: upheld ? 'photo.appeal_approved' : 'photo.appeal_rejected',
      reasonCode: upheld ? 'appeal_upheld' : 'appeal_denied',
      targetType: 'photo',
      targetId: photoId,
      memberId: ownerId,
      data: { before: 'submitted', after: upheld ? 'approved' : 'rejected' },
      ip,
    });
  });
  return loadItem(ctx, photoId);
}

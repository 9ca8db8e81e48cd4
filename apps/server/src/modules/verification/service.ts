import {
  AppError,
  DEFAULT_VERIFICATION_REJECTION_REASON,
  type DocumentKind,
  ErrorCode,
  ID_LINK_REFUSED_MESSAGE,
  ID_LINK_TTL_SECONDS,
  ID_RETENTION_HOURS,
  ID_UNDECIDED_RETENTION_DAYS,
  type IdType,
  type MyVerification,
  VERIFICATION_PENDING_MESSAGE,
  type VerificationLinks,
  type VerificationRequest,
  type VerificationStatus,
} from '@royal/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, userCompliance, verificationRequests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../auth';
import { createIdStore } from './id-store';
import { isDocumentLinkValid, signDocumentLink } from './links';
import { canViewVerificationImages } from './policy';
import { type AdminRequestRow, presentAdminItem, presentRequest } from './presenter';

const HOUR_MS = 3_600_000;
const ADMIN_LIST_LIMIT = 100;
/** Ours: an admin deciding a request whose images were deleted undecided (purge.ts). */
const VERIFICATION_EXPIRED_MESSAGE = 'This verification request expired before it was reviewed';

export const idStoreOf = (ctx: Pick<AppContext, 'storage' | 'config'>) =>
  createIdStore(ctx.storage, ctx.config.idDocumentKeys);

const requestColumns = {
  id: verificationRequests.id,
  verificationType: verificationRequests.verificationType,
  status: verificationRequests.status,
  idType: verificationRequests.idType,
  createdAt: verificationRequests.createdAt,
  reviewedAt: verificationRequests.reviewedAt,
  rejectionReason: verificationRequests.rejectionReason,
};

/** What a member submits: the gate's age check (an ID) or the wizard (a selfie and an ID). */
export type Submission =
  | { type: 'id'; idType: IdType; idImage: Buffer }
  | { type: 'selfie'; idType: IdType; idImage: Buffer; selfieImage: Buffer };

/**
 * One request under review per member and kind: refused before the images are even read (decoding
 * two large images only to say "already under review" would be work for nothing); the one-pending
 * index stays the final guard against two submissions at once.
 */
export async function refuseWhilePending(ctx: AppContext, userId: string, type: Submission['type']) {
  const [pending] = await ctx.db
    .select({ id: verificationRequests.id })
    .from(verificationRequests)
    .where(
      and(
        eq(verificationRequests.userId, userId),
        eq(verificationRequests.verificationType, type),
        eq(verificationRequests.status, 'pending'),
      ),
    );
  if (pending) throw new AppError(ErrorCode.CONFLICT, VERIFICATION_PENDING_MESSAGE);
}

/**
 * Stores the (already re-encoded) images in the ID store and records the request for admin review.
 * One request under review per member and kind. If the row cannot be written, the stored images are
 * deleted again, so nothing is left behind. The images have a purge date from the start: a request
 * nobody decides expires ID_UNDECIDED_RETENTION_DAYS after it was submitted (purge.ts).
 */
export async function submitVerification(
  ctx: AppContext,
  { actor, input }: { actor: MemberActor; input: Submission },
): Promise<VerificationRequest> {
  await refuseWhilePending(ctx, actor.id, input.type);

  const store = idStoreOf(ctx);
  const keys: string[] = [];
  try {
    const idKey = await store.put(input.idImage);
    keys.push(idKey);
    const selfieKey = input.type === 'selfie' ? await store.put(input.selfieImage) : null;
    if (selfieKey) keys.push(selfieKey);
    const [row] = await ctx.db
      .insert(verificationRequests)
      .values({
        userId: actor.id,
        verificationType: input.type,
        idType: input.idType,
        idKey,
        selfieKey,
        // From the statement's own clock, the one created_at takes.
        purgeAfter: sql`now() + make_interval(days => ${ID_UNDECIDED_RETENTION_DAYS})`,
      })
      .returning(requestColumns);
    return presentRequest(row as NonNullable<typeof row>);
  } catch (error) {
    await Promise.allSettled(keys.map((key) => store.delete(key)));
    // Two submissions at once: the one-pending index lets one through.
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw new AppError(ErrorCode.CONFLICT, VERIFICATION_PENDING_MESSAGE);
    throw error;
  }
}

/** The member's own verification: verified or not (and since when), and the latest wizard request. */
export async function myVerification(ctx: AppContext, actor: MemberActor): Promise<MyVerification> {
  const [latest] = await ctx.db
    .select(requestColumns)
    .from(verificationRequests)
    .where(
      and(eq(verificationRequests.userId, actor.id), eq(verificationRequests.verificationType, 'selfie')),
    )
    .orderBy(desc(verificationRequests.createdAt))
    .limit(1);
  const [approved] = await ctx.db
    .select({ reviewedAt: verificationRequests.reviewedAt })
    .from(verificationRequests)
    .where(
      and(
        eq(verificationRequests.userId, actor.id),
        eq(verificationRequests.verificationType, 'selfie'),
        eq(verificationRequests.status, 'approved'),
      ),
    )
    .orderBy(desc(verificationRequests.reviewedAt))
    .limit(1);
  const [profile] = await ctx.db
    .select({ verified: profiles.verified })
    .from(profiles)
    .where(eq(profiles.userId, actor.id));
  const verified = profile?.verified ?? false;
  return {
    verified,
    verified_at: verified ? (approved?.reviewedAt?.toISOString() ?? null) : null,
    request: latest ? presentRequest(latest) : null,
  };
}

async function requestImages(ctx: AppContext, requestId: string) {
  const [row] = await ctx.db
    .select({
      userId: verificationRequests.userId,
      selfieKey: verificationRequests.selfieKey,
      idKey: verificationRequests.idKey,
    })
    .from(verificationRequests)
    .where(eq(verificationRequests.id, requestId));
  return row;
}

/** Signed links, for the owner or an admin, to the images the request still holds. */
export async function issueLinks(
  ctx: AppContext,
  { actor, requestId, now = Date.now() }: { actor: MemberActor; requestId: string; now?: number },
): Promise<VerificationLinks> {
  const row = await requestImages(ctx, requestId);
  if (!row || !canViewVerificationImages(actor, row.userId)) throw new AppError(ErrorCode.NOT_FOUND);
  const link = (kind: DocumentKind) =>
    signDocumentLink(ctx.secrets.idDocumentLinks, { viewerId: actor.id, requestId, kind }, now);
  const selfie = row.selfieKey ? link('selfie') : null;
  const id = row.idKey ? link('id') : null;
  return {
    selfie_url: selfie?.url ?? null,
    id_url: id?.url ?? null,
    expires_at: new Date(now + ID_LINK_TTL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Opens one image through a signed link: the link must be this viewer's, unaltered and unexpired,
 * and the viewer must still be the owner or an admin. Every view by someone other than the owner
 * (an admin) writes an audit row before the image is read.
 */
export async function readDocument(
  ctx: AppContext,
  input: {
    actor: MemberActor;
    requestId: string;
    kind: DocumentKind;
    link: { expires: number; signature: string };
    ip: string;
    now?: number;
  },
): Promise<Buffer> {
  const { actor, requestId, kind } = input;
  const subject = { viewerId: actor.id, requestId, kind };
  if (!isDocumentLinkValid(ctx.secrets.idDocumentLinks, subject, input.link, input.now ?? Date.now())) {
    throw new AppError(ErrorCode.FORBIDDEN, ID_LINK_REFUSED_MESSAGE);
  }
  const row = await requestImages(ctx, requestId);
  if (!row || !canViewVerificationImages(actor, row.userId)) throw new AppError(ErrorCode.NOT_FOUND);
  const key = kind === 'id' ? row.idKey : row.selfieKey;
  if (!key) throw new AppError(ErrorCode.NOT_FOUND, 'This image has been deleted');
  if (actor.id !== row.userId) {
    // Written before the image is read: a view that then fails was still an attempt to see the ID.
    await writeAudit(ctx.db, {
      actorId: actor.id,
      action: 'verification.image_viewed',
      reasonCode: kind === 'id' ? 'id_image_viewed' : 'selfie_viewed',
      targetType: 'verification_request',
      targetId: requestId,
      memberId: row.userId,
      data: { kind, member: row.userId },
      ip: input.ip,
    });
  }
  const image = await idStoreOf(ctx).read(key);
  if (!image) throw new AppError(ErrorCode.NOT_FOUND, 'This image has been deleted');
  return image;
}

/** The admin queue: requests with one status, newest first, with the member's card facts. */
export async function listForAdmin(ctx: AppContext, status: VerificationStatus) {
  const rows: AdminRequestRow[] = await ctx.db
    .select({
      ...requestColumns,
      userId: verificationRequests.userId,
      hasSelfie: sql<boolean>`${verificationRequests.selfieKey} is not null`,
      hasId: sql<boolean>`${verificationRequests.idKey} is not null`,
      name: profiles.name,
      age: profiles.age,
      city: profiles.city,
      state: profiles.state,
      tierLevel: profiles.tierLevel,
    })
    .from(verificationRequests)
    .innerJoin(profiles, eq(profiles.userId, verificationRequests.userId))
    .where(eq(verificationRequests.status, status))
    .orderBy(desc(verificationRequests.createdAt))
    .limit(ADMIN_LIST_LIMIT);
  return { items: rows.map(presentAdminItem) };
}

export type Decision = { action: 'approve' } | { action: 'reject'; reason?: string | undefined };

/**
 * An admin's decision on a pending request, in one transaction: the request is stamped (and its
 * images scheduled for deletion ID_RETENTION_HOURS later), an approval marks the member age-verified
 * and — for the wizard — verified, and the decision is audited. The member's cached actor is dropped
 * so the new rights apply at once.
 */
export async function decideVerification(
  ctx: AppContext,
  input: { actor: MemberActor; requestId: string; decision: Decision; ip: string; now?: Date },
): Promise<VerificationRequest> {
  const now = input.now ?? new Date();
  const { decision } = input;
  const approved = decision.action === 'approve';
  const reason = approved ? null : decision.reason?.trim() || DEFAULT_VERIFICATION_REJECTION_REASON;
  return ctx.transact(async (work) => {
    const [row] = await work.tx
      .update(verificationRequests)
      .set({
        status: approved ? 'approved' : 'rejected',
        rejectionReason: reason,
        reviewedAt: now,
        reviewedBy: input.actor.id,
        purgeAfter: new Date(now.getTime() + ID_RETENTION_HOURS * HOUR_MS),
      })
      .where(and(eq(verificationRequests.id, input.requestId), eq(verificationRequests.status, 'pending')))
      .returning({ ...requestColumns, userId: verificationRequests.userId });
    if (!row) {
      const [exists] = await work.tx
        .select({ status: verificationRequests.status })
        .from(verificationRequests)
        .where(eq(verificationRequests.id, input.requestId));
      if (!exists) throw new AppError(ErrorCode.NOT_FOUND, 'Verification request not found');
      if (exists.status === 'expired') throw new AppError(ErrorCode.CONFLICT, VERIFICATION_EXPIRED_MESSAGE);
      throw new AppError(ErrorCode.CONFLICT, 'This verification was already reviewed');
    }
    if (approved) {
      await work.tx
        .update(userCompliance)
        .set({ ageVerified: true, ageVerificationDate: now })
        .where(eq(userCompliance.userId, row.userId));
      if (row.verificationType === 'selfie') {
        await work.tx.update(profiles).set({ verified: true }).where(eq(profiles.userId, row.userId));
      }
    }
    await writeAudit(work.tx, {
      actorId: input.actor.id,
      action: approved ? 'verification.approved' : 'verification.rejected',
      reasonCode: approved ? 'admin_approved' : 'admin_rejected',
      targetType: 'verification_request',
      targetId: row.id,
      memberId: row.userId,
      data: {
        member: row.userId,
        type: row.verificationType,
        before: 'pending',
        after: row.status,
        ...(reason ? { reason } : {}),
      },
      ip: input.ip,
    });
    work.publish({ kind: 'actor.invalidate', userIds: [row.userId] });
    return presentRequest(row);
  });
}

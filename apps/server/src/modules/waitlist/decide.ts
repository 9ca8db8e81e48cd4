import {
  AppError,
  ErrorCode,
  INVITE_EXPIRY_DAYS,
  INVITE_EXPIRY_MS,
  type WaitlistApplication,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invites, waitlist } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';
import { queueEmail, renderMail } from '../mail';
import { newInviteCode } from './codes';
import { presentApplication, waitlistColumns } from './presenter';

/**
 * The application, locked; only a pending one may be decided (409 otherwise), and not while another
 * admin holds its claim (CLAIMED_BY_OTHER); the decision releases the claim (admin-queues).
 */
async function pendingApplication(tx: Db, id: string, adminId: string) {
  await settleClaimForDecision(tx, { queue: 'waitlist', itemId: id, adminId });
  const [row] = await tx
    .select(waitlistColumns(waitlist))
    .from(waitlist)
    .where(eq(waitlist.id, id))
    .for('update');
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Application not found');
  if (row.status !== 'pending') {
    throw new AppError(
      ErrorCode.CONFLICT,
      `This application was already ${row.status === 'approved' ? 'approved' : 'declined'}`,
    );
  }
  return row;
}

/**
 * The decision's audit row, in its transaction. The applicant is named by the application's id only:
 * the trail is append-only and outlives the application, so it keeps no address or name of someone
 * who may never become a member.
 */
function auditDecision(
  tx: Db,
  decision: {
    actor: MemberActor;
    id: string;
    ip: string | null;
    after: 'approved' | 'rejected';
    note?: string;
  },
) {
  const approved = decision.after === 'approved';
  return writeAudit(tx, {
    actorId: decision.actor.id,
    action: approved ? 'waitlist.approve' : 'waitlist.decline',
    reasonCode: approved ? 'admin_approved' : 'admin_declined',
    targetType: 'waitlist_application',
    targetId: decision.id,
    data: { before: 'pending', after: decision.after, ...(decision.note ? { note: decision.note } : {}) },
    ip: decision.ip,
  });
}

/** The link in the invite e-mail: the sign-up form with the code filled in. */
export const inviteLink = (ctx: AppContext, code: string) =>
  `${ctx.config.publicOrigin}/signin?invite=${encodeURIComponent(code)}`;

/**
 * Approves a pending application: a single-use invite code (crypto-random, codes.ts) bound to the
 * applicant's address, expiring in INVITE_EXPIRY_DAYS, e-mailed through the outbox — all in one
 * transaction, so an approval without its e-mail (or the reverse) cannot exist.
 */
export async function approveApplication(
  ctx: AppContext,
  { actor, id, ip }: { actor: MemberActor; id: string; ip: string | null },
): Promise<WaitlistApplication> {
  return ctx.transact(async ({ tx }) => {
    const application = await pendingApplication(tx, id, actor.id);
    const [decided] = await tx
      .update(waitlist)
      .set({ status: 'approved', decidedAt: new Date(), decidedBy: actor.id })
      .where(eq(waitlist.id, id))
      .returning(waitlistColumns(waitlist));
    await auditDecision(tx, { actor, id, ip, after: 'approved' });
    const code = newInviteCode();
    await tx.insert(invites).values({
      code,
      inviterId: actor.id,
      email: application.email.toLowerCase(),
      waitlistId: application.id,
      expiresAt: new Date(Date.now() + INVITE_EXPIRY_MS),
    });
    const url = inviteLink(ctx, code);
    await queueEmail(tx, {
      to: application.email,
      ...renderMail({
        title: 'Welcome to the Royal Circle: your invitation',
        paragraphs: [
          `Dear ${application.fullName}, your application has been approved.`,
          `Your personal invite code is ${code}. It can be used once, with this e-mail address, within ${INVITE_EXPIRY_DAYS} days.`,
          'Use the button below, or enter the code on the sign-up form.',
        ],
        action: { label: 'Accept your invitation', url },
        kind: 'security',
      }),
    });
    if (!decided) throw new Error('waitlist update returned no row');
    return presentApplication(decided);
  });
}

/**
 * Declines a pending application, with the admin's optional note kept on it for the team; the
 * applicant may apply again later. No e-mail (the spec has no text for one).
 */
export async function declineApplication(
  ctx: AppContext,
  { actor, id, note, ip }: { actor: MemberActor; id: string; note?: string | undefined; ip: string | null },
): Promise<WaitlistApplication> {
  return ctx.transact(async ({ tx }) => {
    await pendingApplication(tx, id, actor.id);
    const [decided] = await tx
      .update(waitlist)
      .set({ status: 'rejected', decidedAt: new Date(), decidedBy: actor.id, declineNote: note || null })
      .where(eq(waitlist.id, id))
      .returning(waitlistColumns(waitlist));
    await auditDecision(tx, { actor, id, ip, after: 'rejected', ...(note ? { note } : {}) });
    if (!decided) throw new Error('waitlist update returned no row');
    return presentApplication(decided);
  });
}

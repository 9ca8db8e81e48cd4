import { AppError, ErrorCode, type ReportReason, type ReportReply } from '@royal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reports, users } from '../../db/schema';
import type { MemberActor } from '../auth';
import { blockMember } from './block';

/** Reports still awaiting the moderators: one of them per reporter and member at a time. */
const UNSETTLED = ['open', 'reviewing'] as const;

/**
 * Files a report for the moderators' queue, and blocks the member too when asked, in one
 * transaction. The reported member is never told who reported them (nor that anyone did).
 */
export async function reportMember(
  ctx: AppContext,
  {
    actor,
    memberId,
    reason,
    details,
    block,
  }: { actor: MemberActor; memberId: string; reason: ReportReason; details: string; block: boolean },
): Promise<ReportReply> {
  if (memberId === actor.id) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'You cannot report yourself', [
      { path: 'member_id', message: 'You cannot report yourself' },
    ]);
  }
  return ctx.transact(async (work) => {
    const [member] = await work.tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
    if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'Member not found');
    const [pending] = await work.tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, actor.id),
          eq(reports.reportedId, memberId),
          inArray(reports.status, UNSETTLED),
        ),
      )
      .for('update');
    if (pending) {
      throw new AppError(
        ErrorCode.CONFLICT,
        'You have already reported this member. Our team is reviewing it.',
      );
    }
    const [filed] = await work.tx
      .insert(reports)
      .values({ reporterId: actor.id, reportedId: memberId, reason, details })
      .returning({ id: reports.id, status: reports.status });
    if (block) await blockMember(ctx, { actor, memberId }, work);
    const { id, status } = filed as { id: string; status: ReportReply['status'] };
    return { id, status, blocked: block };
  });
}

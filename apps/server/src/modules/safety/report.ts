import { AppError, ErrorCode, type ReportReason, type ReportReply, type ReportStatus } from '@royal/shared';
import type { AppContext } from '../../context';
import { reports } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';
import { autoBlockIfSuspect } from './auto-block';
import { blockMember, otherMember } from './block';

export type NewReport = {
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  details: string;
  /** The date plan the report comes from (a flag on a rating after the date). */
  datePlanId?: string | null;
};

/**
 * Writes a report into the moderators' queue in the caller's unit of work; null when the rule
 * against repeats refused it: one unsettled report per reporter and member from the Report button
 * (the partial unique index reports_one_unsettled_per_pair, so two sent at the same moment cannot
 * both land), and each flag once per date plan (reports_date_plan_flag_key). The caller runs
 * autoBlockIfSuspect afterwards: a new report may make a suspect.
 */
export async function fileReport(
  work: Work,
  report: NewReport,
): Promise<{ id: string; status: ReportStatus } | null> {
  const [filed] = await work.tx
    .insert(reports)
    .values({ ...report, datePlanId: report.datePlanId ?? null })
    .onConflictDoNothing()
    .returning({ id: reports.id, status: reports.status });
  return filed ?? null;
}

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
  return ctx.transact(async (work) => {
    await otherMember(work, actor, memberId, 'report');
    const filed = await fileReport(work, { reporterId: actor.id, reportedId: memberId, reason, details });
    if (!filed) {
      throw new AppError(
        ErrorCode.CONFLICT,
        'You have already reported this member. Our team is reviewing it.',
      );
    }
    if (block) await blockMember(ctx, { actor, memberId }, work);
    // A third member's report makes a suspect: blocked at once for members with Auto-block on.
    await autoBlockIfSuspect(work, memberId);
    const { id, status } = filed as { id: string; status: ReportReply['status'] };
    return { id, status, blocked: block };
  });
}

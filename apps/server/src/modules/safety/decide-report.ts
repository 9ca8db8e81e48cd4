import { AppError, type DecidedReport, ErrorCode, type ReportDecisionBody } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reports } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';

/**
 * An admin settles an open (or under review) report: actioned (stored as resolved) or dismissed, with
 * an optional note for the audit trail. Refused while another admin holds the item's claim; the
 * decision, its audit row and the release of the claim commit together.
 */
export async function decideReport(
  ctx: AppContext,
  {
    actor,
    reportId,
    input,
    ip,
  }: { actor: MemberActor; reportId: string; input: ReportDecisionBody; ip: string | null },
): Promise<DecidedReport> {
  return ctx.transact(async ({ tx }) => {
    await settleClaimForDecision(tx, { queue: 'reports', itemId: reportId, adminId: actor.id });
    const [report] = await tx
      .select({ status: reports.status, reportedId: reports.reportedId })
      .from(reports)
      .where(eq(reports.id, reportId))
      .for('update');
    if (!report) throw new AppError(ErrorCode.NOT_FOUND, 'Report not found');
    if (report.status !== 'open' && report.status !== 'reviewing') {
      throw new AppError(ErrorCode.CONFLICT, 'This report was already decided');
    }
    const status = input.outcome === 'actioned' ? 'resolved' : 'dismissed';
    const resolvedAt = new Date();
    await tx
      .update(reports)
      .set({ status, resolvedBy: actor.id, resolvedAt })
      .where(eq(reports.id, reportId));
    await writeAudit(tx, {
      actorId: actor.id,
      action: `report.${input.outcome}`,
      reasonCode: input.outcome === 'actioned' ? 'report_actioned' : 'report_dismissed',
      targetType: 'report',
      targetId: reportId,
      memberId: report.reportedId,
      data: {
        reported_id: report.reportedId,
        before: report.status,
        after: status,
        ...(input.note ? { note: input.note } : {}),
      },
      ip,
    });
    return { id: reportId, status, outcome: input.outcome, resolved_at: resolvedAt.toISOString() };
  });
}

import { AppError, ErrorCode, type ReportHistory } from '@royal/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reports, users } from '../../db/schema';

const HISTORY_LIMIT = 50;

/**
 * What the moderators see beside a report: the reported member and the other reports against them,
 * newest first, with how each ended (reports_reported_status_idx finds them). Who filed those is left
 * out: the queue shows the reporter of the report at hand only.
 */
export async function reportHistory(
  ctx: AppContext,
  { reportId }: { reportId: string },
): Promise<ReportHistory> {
  const [report] = await ctx.db
    .select({ reportedId: reports.reportedId, name: users.name })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedId))
    .where(eq(reports.id, reportId));
  if (!report) throw new AppError(ErrorCode.NOT_FOUND, 'Report not found');
  const earlier = await ctx.db
    .select({
      id: reports.id,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(and(eq(reports.reportedId, report.reportedId), ne(reports.id, reportId)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(HISTORY_LIMIT);
  return {
    reported: { id: report.reportedId, name: report.name },
    earlier: earlier.map((row) => ({
      id: row.id,
      reason: row.reason,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
    })),
  };
}

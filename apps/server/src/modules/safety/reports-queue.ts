import type { ReportStatus, ReportsQueue } from '@royal/shared';
import { and, asc, countDistinct, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { reports, users } from '../../db/schema';

const QUEUE_LIMIT = 200;

/**
 * The moderators' queue of reports in one status, oldest first, with how many different members have
 * open reports against the same member (reports_status_created_idx serves the order).
 */
export async function reportsQueue(
  ctx: AppContext,
  { status }: { status: ReportStatus },
): Promise<ReportsQueue> {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  const rows = await ctx.db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      status: reports.status,
      createdAt: reports.createdAt,
      reportedId: reports.reportedId,
      reportedName: reported.name,
      reporterId: reporter.id,
      reporterName: reporter.name,
      datePlanId: reports.datePlanId,
    })
    .from(reports)
    .innerJoin(reported, eq(reported.id, reports.reportedId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(eq(reports.status, status))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_LIMIT);
  const reportedIds = [...new Set(rows.map((row) => row.reportedId))];
  const against = reportedIds.length
    ? await ctx.db
        .select({ reportedId: reports.reportedId, reporters: countDistinct(reports.reporterId) })
        .from(reports)
        .where(and(inArray(reports.reportedId, reportedIds), inArray(reports.status, ['open', 'reviewing'])))
        .groupBy(reports.reportedId)
    : [];
  const counts = new Map(against.map((row) => [row.reportedId, row.reporters]));
  return {
    items: rows.map((row) => ({
      id: row.id,
      reason: row.reason,
      details: row.details,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      reported: { id: row.reportedId, name: row.reportedName },
      reporter: row.reporterId && row.reporterName ? { id: row.reporterId, name: row.reporterName } : null,
      open_reports_against: Math.max(1, counts.get(row.reportedId) ?? 1),
      date_plan_id: row.datePlanId,
    })),
  };
}

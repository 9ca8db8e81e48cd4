import { type CursorQuery, EVENT_RUNS_HOURS, type EventsPage } from '@royal/shared';
import { and, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events } from '../../db/schema';
import { timeAndIdCursor } from '../../lib/cursor';
import type { MemberActor } from '../../ports/auth';
import { presentCardRow, selectEventCardRows } from './queries';

const EVENTS_PAGE = 20;

/**
 * An event ends EVENT_RUNS_HOURS after its last part (Freakoff, which is at most a day after the start):
 * the exact rule in SQL, and a bound on date_time alone that lets events_date_time_idx skip the past.
 */
const LONGEST_RUN = `${EVENT_RUNS_HOURS + 24} hours`;
const notEnded = (now: Date) =>
  and(
    sql`${events.dateTime} > ${now.toISOString()}::timestamptz - ${LONGEST_RUN}::interval`,
    sql`coalesce(case when ${events.freakoffEnabled} then ${events.freakoffStartTime} end, ${events.dateTime})
      + ${`${EVENT_RUNS_HOURS} hours`}::interval > ${now.toISOString()}::timestamptz`,
  );

/**
 * Events not yet ended, soonest first, each as the viewer sees it (a dimmed, locked card when their
 * tier is not among those required). Cancelled ones stay until their time has passed, with their badge.
 */
export async function listEvents(
  ctx: AppContext,
  { viewer, query, now = new Date() }: { viewer: MemberActor; query: CursorQuery; now?: Date },
): Promise<EventsPage> {
  const limit = query.limit ?? EVENTS_PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
  const rows = await selectEventCardRows(ctx.db, viewer.id, {
    where:
      and(
        notEnded(now),
        after
          ? sql`(${events.dateTime}, ${events.id}) > (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ) ?? sql`true`,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentCardRow(row, viewer, now)),
    next_cursor:
      rows.length > limit && last
        ? timeAndIdCursor.encode({ t: cursorTime(last.event.dateTime), id: last.event.id })
        : null,
  };
}

/** date_time comes from the form (whole minutes), so milliseconds hold it exactly. */
function cursorTime(at: Date): string {
  return at.toISOString().replace('Z', '000Z');
}

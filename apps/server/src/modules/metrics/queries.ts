import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RELAY_MAX_ATTEMPTS } from '../../db/relay';
import { outboxEmails, outboxEvents } from '../../db/schema';

/**
 * The statements a scrape runs (decision 066): each small, and each walks an index or a table that
 * holds only what is in flight, so a scrape costs the same on a day-one database and a ten-year one.
 */

export type QueueBacklog = { queue: string; queued: number; lagSeconds: number };

/**
 * Every pg-boss queue with the jobs waiting in it, and how long the oldest one that is due has
 * waited (0: none due), so an empty queue reads 0 rather than nothing. pg-boss's own partial index on
 * waiting jobs (job_i5: name, start_after where state < 'active') answers it; finished jobs, kept for
 * days, are not read.
 */
export async function queueBacklog(db: Db): Promise<QueueBacklog[]> {
  const { rows } = await db.execute<{ queue: string; queued: number; lag_seconds: number }>(sql`
    select q.name as queue, count(j.id)::int as queued,
      coalesce(extract(epoch from now() - min(j.start_after) filter (where j.start_after <= now())), 0)::float8
        as lag_seconds
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state < 'active'
    group by q.name`);
  return rows.map((r) => ({ queue: r.queue, queued: Number(r.queued), lagSeconds: Number(r.lag_seconds) }));
}

export type OutboxBacklog = { outbox: 'events' | 'emails'; pending: number; lagSeconds: number };

/**
 * What the two outboxes hold and the age of their oldest row (0: empty). An events row lives about
 * 100 ms (decision 034); one the relay set aside after RELAY_MAX_ATTEMPTS is not waiting any more and
 * is counted apart (`setAside`). E-mails waiting to be sent are read through their (status, created_at)
 * index.
 */
export async function outboxBacklog(db: Db): Promise<{ outboxes: OutboxBacklog[]; setAside: number }> {
  const { rows } = await db.execute<{
    outbox: 'events' | 'emails';
    pending: number;
    lag_seconds: number;
    set_aside: number;
  }>(sql`
    select 'events' as outbox,
      count(*) filter (where attempts < ${RELAY_MAX_ATTEMPTS}::int)::int as pending,
      coalesce(extract(epoch from clock_timestamp()
        - min(created_at) filter (where attempts < ${RELAY_MAX_ATTEMPTS}::int)), 0)::float8 as lag_seconds,
      count(*) filter (where attempts >= ${RELAY_MAX_ATTEMPTS}::int)::int as set_aside
    from ${outboxEvents}
    union all
    select 'emails', count(*)::int, coalesce(extract(epoch from clock_timestamp() - min(created_at)), 0)::float8, 0
    from ${outboxEmails} where status = 'queued'`);
  return {
    outboxes: rows.map((r) => ({
      outbox: r.outbox,
      pending: Number(r.pending),
      lagSeconds: Number(r.lag_seconds),
    })),
    setAside: rows.reduce((sum, r) => sum + Number(r.set_aside), 0),
  };
}

/**
 * How fast could a swipe be, on this machine, with the server as it is? A diagnostic, not a test:
 *
 *   npx tsx bench/swipe-floor.ts                      # seeds a scratch database (as npm run bench)
 *   BENCH_REUSE=/tmp/rc-bench-xxxx npx tsx bench/swipe-floor.ts
 *
 * In one run, on the platform benchmark's data and load (10 connections, wrk in another process),
 * it measures the trivial route, a real swipe, then a swipe whose database work is cut to its floor,
 * then the trivial route again. For the floor, record_swipes (the function every swipe runs,
 * apps/server/src/db/sql/record_swipes.sql) is replaced on the scratch database by one that only
 * takes the pairs' locks and writes the swipe rows: no like counts, no notices, no match, no tokens
 * spent. Everything else is the real path: the request, the session, the target's visibility and
 * checks, the batch, the commit, the reply. The real function is put back before the last measurement.
 *
 * What it tells: the ratio no change inside record_swipes can beat, since any swipe has to check
 * its target and write its row before it answers (decision 009 turned down answering first).
 */
import pg from 'pg';
import { type LoadPlan, load, seedBenchDatabase, startServer, type Viewer } from './harness';

const FLOOR = `
CREATE OR REPLACE FUNCTION record_swipes(p_swipes jsonb, p_match_expiry interval) RETURNS TABLE (
  ord integer, swiped_at timestamptz, match_id uuid, match_expires_at timestamptz, match_status match_status,
  match_conversation_started_at timestamptz, match_created boolean, notification_ids uuid[], refusal text
) LANGUAGE plpgsql SET jit = off AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_xact_lock(k) FROM (
    SELECT DISTINCT hashtextextended('swipe-pair:' || least(b.swiper, b.target) || ':' || greatest(b.swiper, b.target), 0) AS k
    FROM jsonb_to_recordset(p_swipes) AS b(swiper uuid, target uuid) ORDER BY 1) keys;
  RETURN QUERY
  WITH batch AS (
    SELECT * FROM jsonb_to_recordset(p_swipes) AS b(ord integer, swiper uuid, target uuid, direction swipe_direction)
  ), written AS (
    INSERT INTO swipe_actions (swiper_id, target_id, direction, created_at)
    SELECT swiper, target, direction, now() + (row_number() OVER (ORDER BY ord)) * interval '1 microsecond'
    FROM batch ORDER BY ord
    ON CONFLICT (swiper_id, target_id) DO NOTHING
    RETURNING swiper_id, target_id, created_at
  )
  SELECT b.ord, w.created_at, null::uuid, null::timestamptz, null::match_status, null::timestamptz, false, '{}'::uuid[],
    null::text
  FROM batch b LEFT JOIN written w ON w.swiper_id = b.swiper AND w.target_id = b.target;
END $$`;

async function main() {
  const { database, viewers, workDir, dispose } = await seedBenchDatabase();
  if (!database.url) throw new Error('the floor is measured on PostgreSQL only');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const real = (await client.query(`select pg_get_functiondef('record_swipes'::regproc) as def`)).rows[0].def;
  const server = await startServer(database, false);
  try {
    // 1 + 6 s per swipe run.
    const plan = (kind: LoadPlan['kind'], path: string, seconds = 6): LoadPlan => ({
      kind,
      path,
      origin: server.origin,
      connections: 10,
      seconds,
      viewers: viewers as Viewer[],
    });
    const trivial = () => load(plan('plain', '/api/health/live'), workDir);
    const swipe = () => {
      load(plan('swipe', '/api/swipes', 1), workDir);
      return load(plan('swipe', '/api/swipes'), workDir);
    };
    load(plan('plain', '/api/health/live', 2), workDir);
    const before = trivial();
    const full = swipe();
    let floor: ReturnType<typeof swipe>;
    try {
      await client.query(FLOOR);
      floor = swipe();
    } finally {
      await client.query(real);
    }
    const after = trivial();
    const base = (before.rps + after.rps) / 2;
    const line = (name: string, r: { rps: number; p99: number; non2xx: number }) =>
      `${name.padEnd(40)} ${Math.round(r.rps).toString().padStart(7)} req/s  p99 ${r.p99.toFixed(2).padStart(6)} ms  ${(r.rps / base).toFixed(3)}× the trivial route${r.non2xx ? `  (${r.non2xx} non-2xx)` : ''}`;
    console.log(
      `trivial route: ${Math.round(before.rps)} req/s before, ${Math.round(after.rps)} after (the ratios use their mean)`,
    );
    console.log(line('swipe, as it is', full));
    console.log(line('swipe, its database work at the floor', floor));
  } finally {
    await server.stop();
    await client.end();
    await dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * EXPLAIN ANALYZE of one swipe statement as the server runs it, on a database kept by
 * `BENCH_KEEP=1 npm run bench`:  npx tsx bench/explain-swipe.ts postgres://…/rc_bench_xxxx [left|right]
 * The swipe is rolled back. Runs it a few times first, so the plan shown is the one PostgreSQL
 * settles on for the prepared statement (custom or generic), with its planning time.
 *
 * SWIPE_BATCH=8 explains the batch statement instead (decision 021) with 8 likes or passes of one
 * viewer, and shows each statement record_swipes runs (auto_explain, nested statements).
 */
import pg from 'pg';
import { swipeBatchStatementFor, swipeStatementFor } from '../apps/server/src/modules/discovery';
import { swipeViewer } from './swipe-viewer';

const url = process.argv[2];
const direction = (process.argv[3] ?? 'right') as 'left' | 'right';
const batchSize = Number(process.env.SWIPE_BATCH ?? 0);
if (!url) throw new Error('usage: tsx bench/explain-swipe.ts <database url> [left|right]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const perRun = Math.max(batchSize, 1);
const { actor, targets } = await swipeViewer(client, perRun * 8);
/** The statement for the n-th run's targets. */
const statement = (run: number) => {
  const slice = targets.slice(run * perRun, (run + 1) * perRun);
  return batchSize > 0
    ? swipeBatchStatementFor(
        actor,
        slice.map((target) => ({ target_id: target, direction })),
      )
    : swipeStatementFor(actor, { target_id: slice[0] as string, direction });
};
await client.query(`prepare swipe as ${statement(0).text}`);
const literals = (run: number) =>
  statement(run)
    .values.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v))))
    .join(', ');
for (let run = 1; run < 7; run += 1) {
  await client.query('begin');
  await client.query(`execute swipe(${literals(run)})`);
  await client.query('rollback');
}
if (batchSize > 0) {
  client.on('notice', (notice) => console.log(notice.message));
  await client.query(`load 'auto_explain'`);
  for (const setting of [
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_nested_statements = on',
    'auto_explain.log_timing = on',
    'client_min_messages = log',
  ])
    await client.query(`set ${setting}`);
}
await client.query('begin');
const plan = await client.query(`explain (analyze, buffers, costs off) execute swipe(${literals(7)})`);
await client.query('rollback');
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
await client.end();

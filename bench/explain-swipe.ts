/**
 * EXPLAIN ANALYZE of one swipe statement as the server runs it, on a database kept by
 * `BENCH_KEEP=1 npm run bench`:  npx tsx bench/explain-swipe.ts postgres://…/rc_bench_xxxx [left|right]
 * The swipe is rolled back. Runs it a few times first, so the plan shown is the one PostgreSQL
 * settles on for the prepared statement (custom or generic), with its planning time.
 */
import pg from 'pg';
import { swipeStatementFor } from '../apps/server/src/modules/discovery';

const url = process.argv[2];
const direction = (process.argv[3] ?? 'right') as 'left' | 'right';
if (!url) throw new Error('usage: tsx bench/explain-swipe.ts <database url> [left|right]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const [viewer] = (
  await client.query(`select user_id, user_type, tier_level, name from profiles where name like 'Viewer %'
    order by name limit 1`)
).rows;
const targets = (
  await client.query(
    `select p.user_id from profiles p where p.user_type <> $1 and not exists (select 1 from swipe_actions s
       where s.swiper_id = $2 and s.target_id = p.user_id) limit 8`,
    [viewer.user_type, viewer.user_id],
  )
).rows.map((row) => row.user_id as string);
const actor = {
  id: viewer.user_id,
  name: viewer.name,
  userType: viewer.user_type,
  tier: viewer.tier_level,
  rules: { tier_level: viewer.tier_level, tier_subscription_active: true, roles: [] },
} as never;
const statement = (target: string) => swipeStatementFor(actor, { target_id: target, direction });
await client.query(`prepare swipe as ${statement(targets[0] as string).text}`);
const literals = (target: string) =>
  statement(target)
    .values.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v))))
    .join(', ');
for (const target of targets.slice(1, 7)) {
  await client.query('begin');
  await client.query(`execute swipe(${literals(target)})`);
  await client.query('rollback');
}
await client.query('begin');
const plan = await client.query(
  `explain (analyze, buffers, costs off) execute swipe(${literals(targets[7] as string)})`,
);
await client.query('rollback');
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
await client.end();

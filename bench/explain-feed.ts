/**
 * EXPLAIN ANALYZE of the feed statement as the server runs it (a generic plan), on a database kept
 * by `BENCH_KEEP=1 npm run bench`:  npx tsx bench/explain-feed.ts postgres://…/rc_bench_xxxx
 * (EXPLAIN_TIER=1 explains a tier-1 viewer's page, with its locked teasers; EXPLAIN_TIMES=500 also
 * runs the page that many times without EXPLAIN's instrumentation and prints its mean time).
 */
import pg from 'pg';
import { GENERIC_PLAN_SETTINGS } from '../apps/server/src/db/client';
import { feedStatementFor } from '../apps/server/src/modules/discovery';

const url = process.argv[2];
if (!url) throw new Error('usage: tsx bench/explain-feed.ts <database url>');
const client = new pg.Client({ connectionString: url });
await client.connect();
const [viewer] = (
  await client.query(`select user_id, user_type, tier_level, age_range_min, age_range_max,
      distance_preference, geo_lat, geo_lng, location_sharing from profiles
    where name like 'Viewer %' order by name limit 1`)
).rows;
const actor = {
  id: viewer.user_id,
  userType: viewer.user_type,
  ageRange: [viewer.age_range_min, viewer.age_range_max],
  distancePreference: viewer.distance_preference,
  // As the actor carries it: the coarse cell, unless the viewer hides their location.
  geo:
    viewer.location_sharing && viewer.geo_lat !== null ? { lat: viewer.geo_lat, lng: viewer.geo_lng } : null,
  rules: { tier_level: Number(process.env.EXPLAIN_TIER ?? viewer.tier_level) },
} as never;
const { text, values } = feedStatementFor(actor);
// The settings of the pool the server runs this statement on.
for (const [name, value] of Object.entries(GENERIC_PLAN_SETTINGS))
  await client.query(`set ${name} = ${value}`);
await client.query(`prepare feed as ${text}`);
const literals = values.map((v) => client.escapeLiteral(String(v)));
const plan = await client.query(`explain (analyze, buffers, costs off) execute feed(${literals.join(', ')})`);
console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
const times = Number(process.env.EXPLAIN_TIMES ?? 0);
if (times > 0) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < times; i += 1) await client.query(`execute feed(${literals.join(', ')})`);
  const mean = Number(process.hrtime.bigint() - started) / 1e6 / times;
  console.log(`mean of ${times} runs, round trip included: ${mean.toFixed(3)} ms`);
}
await client.end();

/**
 * EXPLAIN ANALYZE of a search page's statements (the page and the capped count) as the server builds
 * them, on a database kept by `BENCH_KEEP=1 npm run bench:search`:
 *   npx tsx bench/explain-search.ts postgres://…/rc_bench_xxxx 'tags=travel,nightlife'
 */
import { searchQuerySchema } from '@royal/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { searchStatements } from '../apps/server/src/modules/search';

const [url, query = ''] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/explain-search.ts <database url> [query string]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const [viewer] = (
  await client.query(
    `select user_id, geo_lat, geo_lng from profiles where name like 'Viewer %' order by name limit 1`,
  )
).rows;
const actor = {
  id: viewer.user_id,
  rules: {
    tier_level: 4,
    tier_subscription_active: true,
    tier_subscription_ends_at: null,
    is_sponsored: false,
    verified: true,
    roles: [],
  },
  geo: { lat: viewer.geo_lat, lng: viewer.geo_lng },
} as never;
const filters = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
const statements = searchStatements(actor, filters, null);
const dialect = new PgDialect();
for (const [name, statement] of Object.entries(statements)) {
  if (!statement) continue;
  const { sql, params } = dialect.sqlToQuery(statement);
  const plan = await client.query(`explain (analyze, buffers, costs off) ${sql}`, params);
  console.log(`-- ${name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
}
await client.end();

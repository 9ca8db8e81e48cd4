/**
 * EXPLAIN ANALYZE of a search's statements as the server builds them, on a database kept by
 * `BENCH_KEEP=1 npm run bench:search`: the shared snapshot of the matches (run once per question),
 * the window that reads a page of it back for one viewer (every request; shown as PostgreSQL plans it
 * once prepared, i.e. generic), and the capped count and page read from the tables (deep pages only):
 *   npx tsx bench/explain-search.ts postgres://…/rc_bench_xxxx 'tags=travel,nightlife'
 */
import { SEARCH_PAGE_SIZE, searchQuerySchema } from '@royal/shared';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { NEAR_WALK_START } from '../apps/server/src/modules/members';
import {
  nearSinceStatement,
  snapshotStatement,
  tableStatements,
  windowStatements,
} from '../apps/server/src/modules/search';

const [url, query = ''] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx bench/explain-search.ts <database url> [query string]');
const client = new pg.Client({ connectionString: url });
await client.connect();
const [viewer] = (
  await client.query(
    `select user_id, geo_lat, geo_lng from profiles where name like 'Viewer %' order by name limit 1`,
  )
).rows;
const geo = { lat: viewer.geo_lat as number, lng: viewer.geo_lng as number };
const filters = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
const dialect = new PgDialect();
const MAX_TIER = 4;

const show = (name: string, rows: { 'QUERY PLAN': string }[]) =>
  console.log(`-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);

async function explain(name: string, statement: SQL) {
  const { sql, params } = dialect.sqlToQuery(statement);
  show(name, (await client.query(`explain (analyze, buffers, costs off) ${sql}`, params)).rows);
}

/** As the server runs it: prepared by name, so PostgreSQL soon settles on a generic plan; forced here. */
let prepared = 0;
async function explainGeneric(name: string, compiled: { text: string; params: unknown[] }, values: object) {
  const statement = `explained_${++prepared}`;
  const params = fillPlaceholders(compiled.params, values as Record<string, unknown>);
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query({ name: statement, text: compiled.text, values: params });
  const literals = params.map((p) => (p === null ? 'null' : client.escapeLiteral(String(p))));
  show(
    name,
    (await client.query(`explain (analyze, buffers, costs off) execute ${statement}(${literals.join(', ')})`))
      .rows,
  );
  await client.query(`deallocate ${statement}`);
  await client.query('reset plan_cache_mode');
}

const grid = filters.max_distance === undefined ? null : { center: geo, margin: 3.5 };
const snapshot = snapshotStatement(MAX_TIER, filters, grid, 1065);
await explain('snapshot (once per question)', snapshot);
const { sql: snapshotSql, params: snapshotParams } = dialect.sqlToQuery(snapshot);
const ids = (await client.query(snapshotSql, snapshotParams)).rows
  .slice(0, SEARCH_PAGE_SIZE + 3)
  .map((row: { id: string }) => row.id);
const window = windowStatements(MAX_TIER, filters);
const values = { viewer: viewer.user_id, ids: `{${ids.join(',')}}`, lat: geo.lat, lng: geo.lng };
await explainGeneric('window: cards (first read of a page)', window.cards, values);
await explainGeneric('window: check (every later read)', window.check, values);
if (filters.max_distance === undefined) {
  // Near-first (browse's default order) reads its near part from the snapshot; only when a rebuilt
  // snapshot no longer holds the members active since the traversal's first page does it walk this.
  const [{ distance_preference: miles }] = (
    await client.query('select distance_preference from profiles where user_id = $1', [viewer.user_id])
  ).rows;
  const since = (await client.query(snapshotSql, snapshotParams)).rows.at(-1)?.key ?? '';
  await explain(
    `near part from the tables (${miles} miles, active since ${since})`,
    nearSinceStatement(
      { id: viewer.user_id, maxTier: MAX_TIER, geo },
      filters,
      { geo, miles, since },
      NEAR_WALK_START,
    ),
  );
}
const tables = tableStatements({ id: viewer.user_id, maxTier: MAX_TIER, geo }, filters, null);
for (const [name, statement] of Object.entries(tables)) {
  if (statement) await explain(`${name} from the tables (deep pages)`, statement);
}
await client.end();

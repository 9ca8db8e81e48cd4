import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The database's own code: every SQL function, the triggers that run it and every view, one file each
 * in `sql/` beside this module (`src/db/sql/` from source; `dist/sql/`, copied there by build.mjs,
 * in the bundle). Migrations hold tables, columns, indexes and data moves only; the migrator puts
 * these on top of them, in the same transaction (decision 033).
 */
export const ROUTINES_FOLDER = fileURLToPath(new URL('./sql/', import.meta.url));

/**
 * One file: `<name>.sql` defines the function (or view) called `name` and the triggers that execute
 * it, nothing else, so no function is defined in two places. `-- requires: a, b` names the routines
 * it needs to exist first (a view or SQL function that uses them); they are applied before it and
 * again with it.
 */
export type Routine = { name: string; text: string; hash: string; requires: string[] };

/** What the migrator needs of its connection: statements without parameters, several at once, and queries. */
export type SqlSession = {
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
};

const ROUTINE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The routine files of a folder, each after the ones it requires (else by name). */
export function readRoutines(folder: string = ROUTINES_FOLDER): Routine[] {
  const routines = new Map<string, Routine>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
    const name = file.slice(0, -'.sql'.length);
    if (!ROUTINE_NAME.test(name)) throw new Error(`sql/${file}: a routine file is named after its routine`);
    const text = readFileSync(join(folder, file), 'utf8');
    const requires = [...text.matchAll(/^--\s*requires:(.*)$/gm)].flatMap((m) =>
      (m[1] ?? '').split(/[\s,]+/).filter(Boolean),
    );
    routines.set(name, { name, text, hash: createHash('sha256').update(text).digest('hex'), requires });
  }
  return inDependencyOrder(routines);
}

function inDependencyOrder(routines: Map<string, Routine>): Routine[] {
  const ordered: Routine[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (routine: Routine, path: string[]) => {
    if (state.get(routine.name) === 'done') return;
    if (state.get(routine.name) === 'visiting')
      throw new Error(
        `sql/: routines require each other in a circle: ${[...path, routine.name].join(' → ')}`,
      );
    state.set(routine.name, 'visiting');
    for (const name of routine.requires) {
      const required = routines.get(name);
      if (!required) throw new Error(`sql/${routine.name}.sql requires ${name}, which has no file`);
      visit(required, [...path, routine.name]);
    }
    state.set(routine.name, 'done');
    ordered.push(routine);
  };
  for (const name of [...routines.keys()].sort()) visit(routines.get(name) as Routine, []);
  return ordered;
}

/** Functions and views in `public` that no extension brought: the routines and anything left over. */
const PRESENT = `
  select p.proname as name from pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  union
  select c.relname from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/**
 * The statements that drop everything called by these names, in their order: for each, its view, the
 * triggers that execute it, then every overload of it.
 */
const DROPS = `
  with names as (select * from unnest($1::text[]) with ordinality as n(name, ord)),
  functions as (
    select n.ord, p.oid, p.prokind from names n
    join pg_proc p on p.proname = n.name and p.pronamespace = 'public'::regnamespace
    where not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'))
  select statement from (
    select n.ord, 1 as step, format('drop %s %s', case c.relkind when 'm' then 'materialized view' else 'view' end,
      c.oid::regclass) as statement
    from names n join pg_class c on c.relname = n.name and c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
    union all
    select f.ord, 2, format('drop trigger %I on %s', t.tgname, t.tgrelid::regclass)
    from functions f join pg_trigger t on t.tgfoid = f.oid and not t.tgisinternal
    union all
    select f.ord, 3, format('drop %s %s', case f.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
      f.oid::regprocedure)
    from functions f
  ) drops order by ord, step, statement`;

type Applied = { name: string; hash: string; migration: string | number | bigint };

/**
 * Puts the routine files on the database as they are now, after the migrations (whose last one is
 * `migration`, drizzle's created_at). A file is applied again when its text changed, when a routine
 * it requires is applied again, or when a migration ran since it was applied (a migration may have
 * rebuilt a table and taken its triggers with it); before that, everything called by its name is
 * dropped, so a changed signature leaves no old overload behind. Functions and views in `public`
 * that no file defines any more (and those from before routines had files, drizzle/0000-0023) are
 * dropped. A routine that fails to apply fails the whole migration, which then changes nothing.
 * `drizzle.__routines` remembers what was applied: each file's name, the hash of its text and the
 * migration it was applied after.
 */
export async function applyRoutines(
  session: SqlSession,
  routines: Routine[],
  migration: number,
): Promise<void> {
  await session.exec(`create table if not exists drizzle.__routines (
    name text primary key, hash text not null, migration bigint not null)`);
  const applied = new Map(
    (await session.query<Applied>('select name, hash, migration from drizzle.__routines')).map((row) => [
      row.name,
      row,
    ]),
  );
  const stale = new Set<string>();
  for (const routine of routines) {
    const row = applied.get(routine.name);
    const changed = !row || row.hash !== routine.hash || Number(row.migration) !== migration;
    if (changed || routine.requires.some((name) => stale.has(name))) stale.add(routine.name);
  }
  const names = new Set(routines.map((routine) => routine.name));
  if (stale.size === 0 && [...applied.keys()].every((name) => names.has(name))) return;

  const present = (await session.query<{ name: string }>(PRESENT)).map((row) => row.name);
  const leftovers = present.filter((name) => !names.has(name)).sort();
  // Leftovers first (what they depend on is unknown), then the stale routines, dependents first.
  const dropOrder = [
    ...leftovers,
    ...routines
      .filter((r) => stale.has(r.name))
      .map((r) => r.name)
      .reverse(),
  ];
  const drops = await session.query<{ statement: string }>(DROPS, [dropOrder]);
  if (drops.length > 0) await session.exec(drops.map((d) => `${d.statement};`).join('\n'));

  for (const routine of routines) if (stale.has(routine.name)) await session.exec(routine.text);

  const after = new Set((await session.query<{ name: string }>(PRESENT)).map((row) => row.name));
  const missing = routines.filter((routine) => !after.has(routine.name)).map((r) => `sql/${r.name}.sql`);
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')}: defines no function or view of its own name`);
  const unnamed = [...after].filter((name) => !names.has(name));
  if (unnamed.length > 0)
    throw new Error(
      `${unnamed.join(', ')}: defined by a routine file named otherwise (one file per routine)`,
    );

  await session.query('delete from drizzle.__routines');
  await session.query(
    `insert into drizzle.__routines (name, hash, migration)
     select name, hash, $3::bigint from unnest($1::text[], $2::text[]) as r(name, hash)`,
    [routines.map((r) => r.name), routines.map((r) => r.hash), migration],
  );
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgErrorCode } from './errors';

/**
 * The database's own code: every SQL function, the triggers that run it and every view, one file each
 * in `sql/` beside this module (`src/db/sql/` from source; `dist/sql/`, copied there by build.mjs,
 * in the bundle). Migrations hold tables, columns, indexes and data moves only; the migrator puts
 * these on top of them, in the same transaction (decision 033).
 */
export const ROUTINES_FOLDER = fileURLToPath(new URL('./sql/', import.meta.url));

/**
 * A trigger a routine file declares: `CREATE [CONSTRAINT] TRIGGER name … ON table …;`, with the hash of
 * its statement (spaces aside), so that the migrator re-creates it only when the statement changed.
 */
export type DeclaredTrigger = { name: string; table: string; statement: string; hash: string };

/**
 * One file: `<name>.sql` defines the function (or view) called `name`, with CREATE OR REPLACE, and the
 * triggers that execute it, nothing else, so no function is defined in two places. `-- requires: a, b`
 * names the routines it needs to exist first (a view or SQL function that uses them); they are applied
 * before it and again with it. `definition` is the file without its trigger statements, which are
 * applied apart (`triggers`).
 */
export type Routine = {
  name: string;
  text: string;
  hash: string;
  requires: string[];
  definition: string;
  triggers: DeclaredTrigger[];
};

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
    routines.set(name, { name, text, hash: sha256(text), requires, ...definitionAndTriggers(file, text) });
  }
  return inDependencyOrder(routines);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** A trigger statement: its name and table, each quoted or not (unquoted ones are folded to lower case). */
const TRIGGER_STATEMENT =
  /^CREATE\s+(?:CONSTRAINT\s+)?TRIGGER\s+("?)(\w+)\1\s[^;]*?\bON\s+(?:"?public"?\.)?("?)(\w+)\3\s[^;]*;[ \t]*\n?/gim;
const withoutComments = (text: string) => text.replace(/--.*$/gm, '');

/**
 * Splits a file into its function or view and its trigger statements. A plain CREATE FUNCTION or VIEW
 * is refused: applied again over itself it fails, and dropping it first would drop its triggers too,
 * which locks their tables against every read until the deploy commits.
 */
function definitionAndTriggers(file: string, text: string): Pick<Routine, 'definition' | 'triggers'> {
  const triggers: DeclaredTrigger[] = [];
  const definition = text.replace(TRIGGER_STATEMENT, (statement, quotedName, name, quotedTable, table) => {
    const normalised = statement.replace(/\s+/g, ' ').trim();
    triggers.push({
      name: quotedName ? name : name.toLowerCase(),
      table: quotedTable ? table : table.toLowerCase(),
      statement: normalised,
      hash: sha256(normalised),
    });
    return '';
  });
  const code = withoutComments(definition);
  if (/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:CONSTRAINT\s+)?TRIGGER\b/i.test(code))
    throw new Error(
      `sql/${file}: a trigger statement the migrator cannot read: CREATE TRIGGER name … ON table …;`,
    );
  if (/\bCREATE\s+(?:MATERIALIZED\s+VIEW|VIEW|FUNCTION|PROCEDURE)\b/i.test(code))
    throw new Error(`sql/${file}: write CREATE OR REPLACE, so that a change replaces it in place`);
  return { definition, triggers };
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

/** Functions and views in `public` that no extension brought: the routines, and whatever else is there. */
const PRESENT = `
  select p.proname as name, false as view from pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  union
  select c.relname, true from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** The triggers on tables in `public` that someone made (not a foreign key's), with the function each runs. */
const TRIGGERS = `
  select c.relname as "table", t.tgname as name, p.proname as function from pg_trigger t
  join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
  where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`;

/** A function's overloads, each with its row's version: CREATE OR REPLACE changes the version, not the oid. */
const VERSIONS = `
  select oid::text as oid, xmin::text as version from pg_proc
  where proname = $1 and pronamespace = 'public'::regnamespace`;

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

/**
 * The functions drizzle/0000-0023 defined that no file took over: dropped wherever they are still
 * found. Nothing else in `public` is dropped unless `drizzle.__routines` says a file put it there.
 */
const LEGACY_ROUTINES = ['record_swipe'];

/**
 * SQLSTATEs of a CREATE OR REPLACE that cannot replace what is there: another return type or other
 * parameter names (42P13), other columns of a view (42P16, 42804), another kind of routine (42809).
 */
const NOT_REPLACEABLE = new Set(['42P13', '42P16', '42804', '42809']);

type PresentTrigger = { table: string; name: string; function: string };
/** What drizzle.__routines keeps of each trigger a file declared: its statement's hash, by `table.name`. */
type TriggerHashes = Record<string, string>;
type Applied = {
  name: string;
  hash: string;
  migration: string | number | bigint;
  /** Null in rows written before the triggers were kept. */
  triggers: TriggerHashes | null;
};

const triggerKey = (trigger: { table: string; name: string }) => `${trigger.table}.${trigger.name}`;
const triggerHashes = (routine: Routine): TriggerHashes =>
  Object.fromEntries(routine.triggers.map((trigger) => [triggerKey(trigger), trigger.hash]));
const sameHashes = (a: TriggerHashes | null, b: TriggerHashes) =>
  a !== null &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([key, hash]) => a[key] === hash);

/**
 * Puts the routine files on the database as they are now, after the migrations (whose last one is
 * `migration`, drizzle's created_at), touching only what changed, so that a deploy locks no table the
 * running instances read unless a trigger on it changed:
 * - A file is applied again when its text changed or a routine it requires is applied again. Its
 *   function or view is replaced in place (CREATE OR REPLACE); when that cannot be (another return
 *   type, a view's other columns) or would leave an overload behind (other parameters), it is
 *   dropped first with everything called by its name, and the routines that require it with it.
 * - A trigger is created when it is missing (a migration that rebuilt a table took it, or someone
 *   dropped it), and dropped and created again only when its own statement changed; a trigger on a
 *   changed file's function that the file no longer declares is dropped.
 * - Routines whose file is gone (as `drizzle.__routines` remembers them) and LEGACY_ROUTINES are
 *   dropped; any other function, view or trigger in `public` is someone else's and left alone.
 * A routine that fails to apply fails the whole migration, which then changes nothing.
 * `drizzle.__routines` remembers what was applied: each file's name, the hash of its text, the
 * migration it was applied after and the hashes of its trigger statements.
 */
export async function applyRoutines(
  session: SqlSession,
  routines: Routine[],
  migration: number,
): Promise<void> {
  await session.exec(`create table if not exists drizzle.__routines (
      name text primary key, hash text not null, migration bigint not null, triggers jsonb);
    alter table drizzle.__routines add column if not exists triggers jsonb`);
  const applied = new Map(
    (await session.query<Applied>('select name, hash, migration, triggers from drizzle.__routines')).map(
      (row) => [row.name, row],
    ),
  );
  const names = new Set(routines.map((routine) => routine.name));
  const presentRows = await session.query<{ name: string; view: boolean }>(PRESENT);
  const present = new Set(presentRows.map((row) => row.name));
  // Views first: what a gone view read may be gone too (which of them requires which is not known).
  const gone = new Set([...applied.keys(), ...LEGACY_ROUTINES].filter((name) => !names.has(name)));
  const leftovers = [
    ...new Set(
      presentRows
        .filter((row) => gone.has(row.name))
        .sort((a, b) => Number(b.view) - Number(a.view) || a.name.localeCompare(b.name))
        .map((row) => row.name),
    ),
  ];
  const stale = staleRoutines(routines, applied);
  const recorded = routines.every((routine) => {
    const row = applied.get(routine.name);
    return row?.hash === routine.hash && sameHashes(row.triggers, triggerHashes(routine));
  });
  if (
    stale.size === 0 &&
    leftovers.length === 0 &&
    recorded &&
    applied.size === routines.length &&
    !hasMissingTriggers(routines, await session.query<PresentTrigger>(TRIGGERS))
  )
    return;

  await dropEverythingCalled(session, leftovers);
  for (const routine of routines)
    if (stale.has(routine.name)) await applyDefinition(session, routine, dependentsOf(routine, routines));
  await applyTriggers(session, routines, stale, applied);

  const after = new Set((await session.query<{ name: string }>(PRESENT)).map((row) => row.name));
  const missing = routines.filter((routine) => !after.has(routine.name)).map((r) => `sql/${r.name}.sql`);
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')}: defines no function or view of its own name`);
  const unnamed = [...after].filter((name) => !names.has(name) && !present.has(name));
  if (unnamed.length > 0)
    throw new Error(
      `${unnamed.join(', ')}: defined by a routine file named otherwise (one file per routine)`,
    );

  const rows = routines.map((routine) => ({
    name: routine.name,
    hash: routine.hash,
    migration: stale.has(routine.name) ? migration : Number(applied.get(routine.name)?.migration),
    triggers: triggerHashes(routine),
  }));
  await session.query('delete from drizzle.__routines');
  await session.query(
    `insert into drizzle.__routines (name, hash, migration, triggers)
     select * from jsonb_to_recordset($1::jsonb) as r(name text, hash text, migration bigint, triggers jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** The routines whose file is new or changed, and those that require one of them. */
function staleRoutines(routines: Routine[], applied: Map<string, Applied>): Set<string> {
  const stale = new Set<string>();
  for (const routine of routines)
    if (applied.get(routine.name)?.hash !== routine.hash || routine.requires.some((name) => stale.has(name)))
      stale.add(routine.name);
  return stale;
}

/** The routines that require this one, directly or through another, in their order. */
function dependentsOf(routine: Routine, routines: Routine[]): string[] {
  const dependents = new Set([routine.name]);
  for (const other of routines)
    if (other.requires.some((name) => dependents.has(name))) dependents.add(other.name);
  dependents.delete(routine.name);
  return [...dependents];
}

function hasMissingTriggers(routines: Routine[], present: PresentTrigger[]): boolean {
  const keys = new Set(present.map(triggerKey));
  return routines.some((routine) => routine.triggers.some((trigger) => !keys.has(triggerKey(trigger))));
}

async function dropEverythingCalled(session: SqlSession, names: string[]): Promise<void> {
  if (names.length === 0) return;
  const drops = await session.query<{ statement: string }>(DROPS, [names]);
  if (drops.length > 0) await session.exec(drops.map((d) => `${d.statement};`).join('\n'));
}

/**
 * Replaces a routine's function or view in place. When CREATE OR REPLACE refuses (another return
 * type, other view columns), or leaves an overload of the name untouched (the file's parameters
 * changed, so the old one would stay callable), that is undone, and the routine is dropped with
 * everything called by its name, the routines that require it first (they are applied after it),
 * then created.
 */
async function applyDefinition(session: SqlSession, routine: Routine, dependents: string[]) {
  const before = await session.query<{ oid: string; version: string }>(VERSIONS, [routine.name]);
  await session.exec('savepoint routine_definition');
  let replaced: boolean;
  try {
    await session.exec(routine.definition);
    const after = new Map(
      (await session.query<{ oid: string; version: string }>(VERSIONS, [routine.name])).map((row) => [
        row.oid,
        row.version,
      ]),
    );
    replaced = before.every((old) => after.get(old.oid) !== old.version);
  } catch (error) {
    if (!NOT_REPLACEABLE.has(pgErrorCode(error) ?? '')) throw error;
    replaced = false;
  }
  if (replaced) {
    await session.exec('release savepoint routine_definition');
    return;
  }
  await session.exec('rollback to savepoint routine_definition; release savepoint routine_definition');
  await dropEverythingCalled(session, [...dependents.reverse(), routine.name]);
  await session.exec(routine.definition);
}

/**
 * Each declared trigger that is missing is created; one whose statement changed since it was applied
 * (or unknown: recorded before the hashes were kept) is dropped and created again, and so is only
 * looked at when its file changed. DROP TRIGGER locks its table against reads until the migration
 * commits, so nothing else is dropped.
 */
async function applyTriggers(
  session: SqlSession,
  routines: Routine[],
  stale: Set<string>,
  applied: Map<string, Applied>,
) {
  const present = await session.query<PresentTrigger>(TRIGGERS);
  const existing = new Set(present.map(triggerKey));
  const drop = (trigger: { table: string; name: string }) =>
    `drop trigger ${quoted(trigger.name)} on ${quoted(trigger.table)};`;
  const statements: string[] = [];
  for (const routine of routines) {
    const changed = stale.has(routine.name);
    const hashes = applied.get(routine.name)?.triggers ?? {};
    const declared = new Set(routine.triggers.map(triggerKey));
    if (changed)
      for (const trigger of present)
        if (trigger.function === routine.name && !declared.has(triggerKey(trigger)))
          statements.push(drop(trigger));
    for (const trigger of routine.triggers) {
      const exists = existing.has(triggerKey(trigger));
      if (exists && !(changed && hashes[triggerKey(trigger)] !== trigger.hash)) continue;
      if (exists) statements.push(drop(trigger));
      statements.push(trigger.statement);
    }
  }
  if (statements.length > 0) await session.exec(statements.join('\n'));
}

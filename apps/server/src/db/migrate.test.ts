import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LifestyleTag } from '@royal/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { createDatabase, type DatabaseHandle, type Db } from './client';
import { isCheckViolation, isUniqueViolation, pgErrorCode } from './errors';
import { MIGRATIONS_FOLDER, type MigrationSources, migrateDatabase } from './migrate';
import { ROUTINES_FOLDER, readRoutines } from './routines';
import {
  escrowWallets,
  events,
  ledgerAccounts,
  ledgerEntries,
  ledgerLines,
  matches,
  profiles,
  swipeActions,
  users,
} from './schema';

const MAIN_TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'user_roles',
  'profiles',
  'photos',
  'swipe_actions',
  'matches',
  'profile_views',
  'notifications',
  'messages',
  'escrow_wallets',
  'ledger_accounts',
  'ledger_entries',
  'ledger_lines',
  'wallet_transactions',
  'subscriptions',
  'boosts',
  'payment_events',
  'safety_settings',
  'user_blocks',
  'reports',
  'safe_locations',
  'verification_requests',
  'user_compliance',
  'events',
  'event_rsvps',
  'waitlist',
  'invites',
  'audit_log',
  'outbox_emails',
];

async function newUser(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name: 'Check', email: `check-${id}@example.test` });
  return id;
}

/** Runs the insert and returns the error it fails with (the test fails if it succeeds). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to be rejected');
}

type Target = { name: string; open: () => Promise<DatabaseHandle & { dispose(): Promise<void> }> };

const targets: Target[] = [
  {
    name: 'PGlite',
    open: async () => {
      const handle = await createDatabase({});
      await migrateDatabase(handle);
      return { ...handle, dispose: () => handle.close() };
    },
  },
];
// openTestDatabase makes and later drops a scratch PostgreSQL database from TEST_DATABASE_URL.
if (process.env.TEST_DATABASE_URL) targets.push({ name: 'PostgreSQL', open: openTestDatabase });

describe.each(targets)('migrations on $name', ({ open }) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let db: Db;
  beforeAll(async () => {
    handle = await open();
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('creates the main tables', async () => {
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = result.rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(MAIN_TABLES));
  });

  it('is idempotent: a second run applies nothing and fails nothing', async () => {
    await migrateDatabase(handle);
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(result.rows[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('answers ping', async () => {
    expect(await handle.ping()).toBe(true);
  });

  it('rejects tier 5 and age 17 but accepts a valid profile', async () => {
    const id = await newUser(db);
    const tier5 = await failureOf(() => db.insert(profiles).values({ userId: id, name: 'T', tierLevel: 5 }));
    expect(isCheckViolation(tier5)).toBe(true);
    const age17 = await failureOf(() => db.insert(profiles).values({ userId: id, name: 'T', age: 17 }));
    expect(isCheckViolation(age17)).toBe(true);
    const unknownTag = await failureOf(() =>
      // Cast on purpose: the type already refuses unknown tags, the test proves the database does too.
      db.insert(profiles).values({ userId: id, name: 'T', lifestyleTags: ['skydiving' as LifestyleTag] }),
    );
    expect(isCheckViolation(unknownTag)).toBe(true);
    await db
      .insert(profiles)
      .values({ userId: id, name: 'T', age: 18, tierLevel: 4, lifestyleTags: ['travel'] });
    const [row] = await db.select().from(profiles).where(sql`${profiles.userId} = ${id}`);
    // Sign-up defaults come from the database.
    expect(row).toMatchObject({ ageRangeMin: 21, ageRangeMax: 35, ratingAvg: 4, ghostMode: false });
  });

  it('rejects a negative wallet balance', async () => {
    const id = await newUser(db);
    const [wallet, hold] = await db
      .insert(ledgerAccounts)
      .values([
        { kind: 'user_wallet', userId: id },
        { kind: 'user_hold', userId: id },
      ])
      .returning({ id: ledgerAccounts.id });
    const error = await failureOf(() =>
      db.insert(escrowWallets).values({
        userId: id,
        currentBalanceCents: -1,
        walletAccountId: wallet?.id ?? '',
        holdAccountId: hold?.id ?? '',
      }),
    );
    expect(isCheckViolation(error)).toBe(true);
  });

  it('allows one swipe per pair and none on oneself', async () => {
    const [a, b] = [await newUser(db), await newUser(db)];
    await db.insert(swipeActions).values({ swiperId: a, targetId: b, direction: 'right' });
    const duplicate = await failureOf(() =>
      db.insert(swipeActions).values({ swiperId: a, targetId: b, direction: 'up' }),
    );
    expect(isUniqueViolation(duplicate, 'swipe_actions_pkey')).toBe(true);
    const self = await failureOf(() =>
      db.insert(swipeActions).values({ swiperId: a, targetId: a, direction: 'up' }),
    );
    expect(isCheckViolation(self)).toBe(true);
  });

  it('stores a match only as an ordered, unique pair', async () => {
    const [x, y] = [await newUser(db), await newUser(db)];
    const [low, high] = x < y ? [x, y] : [y, x];
    const expiresAt = new Date(Date.now() + 48 * 3600_000);
    const reversed = await failureOf(() =>
      db.insert(matches).values({ user1Id: high, user2Id: low, expiresAt }),
    );
    expect(isCheckViolation(reversed)).toBe(true);
    await db.insert(matches).values({ user1Id: low, user2Id: high, expiresAt });
    const again = await failureOf(() =>
      db.insert(matches).values({ user1Id: low, user2Id: high, expiresAt }),
    );
    expect(isUniqueViolation(again, 'matches_pair_key')).toBe(true);
  });

  it('limits event tiers to 1–4', async () => {
    const error = await failureOf(() =>
      db.insert(events).values({ name: 'Gala', venue: 'Hall', dateTime: new Date(), tierRequired: [0, 2] }),
    );
    expect(isCheckViolation(error)).toBe(true);
    await db
      .insert(events)
      .values({ name: 'Gala', venue: 'Hall', dateTime: new Date(), tierRequired: [3, 4] });
  });

  it('refuses an unbalanced ledger entry at commit and keeps entries append-only', async () => {
    const owner = await newUser(db);
    const [wallet] = await db
      .insert(ledgerAccounts)
      .values({ kind: 'user_wallet', userId: owner })
      .returning({ id: ledgerAccounts.id });
    const [cash] = await db
      .insert(ledgerAccounts)
      .values({ kind: 'provider_clearing', userId: null })
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id });
    const clearing =
      cash ??
      (
        await db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(sql`${ledgerAccounts.kind} = 'provider_clearing'`)
      )[0];
    if (!wallet || !clearing) throw new Error('accounts not created');

    const unbalanced = await failureOf(() =>
      db.transaction(async (tx) => {
        const [entry] = await tx.insert(ledgerEntries).values({ transactionType: 'deposit' }).returning();
        if (!entry) throw new Error('no entry');
        await tx.insert(ledgerLines).values({ entryId: entry.id, accountId: wallet.id, amountCents: 500 });
      }),
    );
    expect(isCheckViolation(unbalanced)).toBe(true);

    const entryId = await db.transaction(async (tx) => {
      const [entry] = await tx.insert(ledgerEntries).values({ transactionType: 'deposit' }).returning();
      if (!entry) throw new Error('no entry');
      await tx.insert(ledgerLines).values([
        { entryId: entry.id, accountId: wallet.id, amountCents: 500 },
        { entryId: entry.id, accountId: clearing.id, amountCents: -500 },
      ]);
      return entry.id;
    });
    const edit = await failureOf(() =>
      db.update(ledgerEntries).set({ description: 'changed' }).where(sql`${ledgerEntries.id} = ${entryId}`),
    );
    expect(pgErrorCode(edit)).toBe('23000');
  });

  it('keeps one platform account per kind', async () => {
    await db.insert(ledgerAccounts).values({ kind: 'platform_revenue', userId: null }).onConflictDoNothing();
    const error = await failureOf(() =>
      db.insert(ledgerAccounts).values({ kind: 'platform_revenue', userId: null }),
    );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

/**
 * The database's own code as it stands: every function, view and trigger in `public` that no extension
 * brought, by name (with its arguments) → its definition.
 */
async function databaseCode(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ name: string; definition: string }>(sql`
    select 'function ' || p.oid::regprocedure as name, pg_get_functiondef(p.oid) as definition from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select 'view ' || c.oid::regclass, pg_get_viewdef(c.oid) from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass, pg_get_triggerdef(t.oid) from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.definition]));
}

/** Each function's oid by name: an oid that changed is a function dropped and made again. */
async function functionOids(db: Db): Promise<Record<string, number>> {
  const result = await db.execute<{ name: string; oid: number }>(
    sql`select proname as name, oid::int as oid from pg_proc where pronamespace = 'public'::regnamespace`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.oid)]));
}

async function run(db: Db, ...statements: string[]) {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

type Disposable = DatabaseHandle & { dispose(): Promise<void> };

/** An empty database (no migration run yet): in-memory PGlite, or a new one on TEST_DATABASE_URL. */
async function blankDatabase(): Promise<{ connect(): Promise<Disposable>; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    return {
      connect: async () => {
        const handle = await createDatabase({});
        return { ...handle, dispose: () => handle.close() };
      },
      drop: async () => {},
    };
  }
  const name = `rc_blank_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    connect: async () => {
      const handle = await createDatabase({ databaseUrl: url.toString() });
      return { ...handle, dispose: () => handle.close() };
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

const DEFAULT_SOURCES: MigrationSources = { migrations: MIGRATIONS_FOLDER, routines: ROUTINES_FOLDER };

describe('routines: one file each, applied by the migrator', () => {
  it('no migration defines a function, trigger or view: they live in db/sql', () => {
    const definers = readdirSync(MIGRATIONS_FOLDER)
      .filter((file) => file.endsWith('.sql'))
      .filter((file) =>
        /\bcreate\s+(or\s+replace\s+)?(constraint\s+)?(function|trigger|procedure|(materialized\s+)?view)\b/i.test(
          readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8').replace(/--.*$/gm, ''),
        ),
      );
    expect(definers).toEqual([]);
  });

  it('orders the files so that each comes after those it requires, and refuses a circle', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rc-routines-'));
    try {
      writeFileSync(join(folder, 'a_view.sql'), '-- requires: z_function\nCREATE VIEW a_view AS SELECT 1;\n');
      writeFileSync(
        join(folder, 'z_function.sql'),
        'CREATE FUNCTION z_function() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      writeFileSync(
        join(folder, 'm_function.sql'),
        'CREATE FUNCTION m_function() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      expect(readRoutines(folder).map((r) => r.name)).toEqual(['z_function', 'a_view', 'm_function']);
      writeFileSync(join(folder, 'z_function.sql'), '-- requires: a_view\n');
      expect(() => readRoutines(folder)).toThrow(/circle: a_view → z_function → a_view/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe(`routines on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let handle: Disposable;
  let db: Db;
  const folders: string[] = [];
  /** A copy of a folder of the repository, to change as a later version would. */
  const copyOf = (folder: string) => {
    const copy = mkdtempSync(join(tmpdir(), 'rc-sources-'));
    cpSync(folder, copy, { recursive: true });
    folders.push(copy);
    return copy;
  };
  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
  });
  afterEach(async () => {
    // Each test leaves the database as the repository's files make it.
    await migrateDatabase(handle);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('puts every routine file on the database, once each, and records it', async () => {
    const routines = readRoutines();
    const code = Object.keys(await databaseCode(db));
    const defined = new Set(
      code.filter((key) => !key.startsWith('trigger ')).map((key) => /^\w+ (\w+)/.exec(key)?.[1]),
    );
    expect([...defined].sort()).toEqual(routines.map((r) => r.name).sort());
    expect(code.filter((key) => key.startsWith('function record_swipes'))).toHaveLength(1);
    const recorded = await db.execute<{ name: string; hash: string }>(
      sql`select name, hash from drizzle.__routines order by name`,
    );
    expect(recorded.rows).toEqual(
      routines.map((r) => ({ name: r.name, hash: r.hash })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('a database from before the routine files ends up with exactly their versions, leftovers dropped', async () => {
    const current = await databaseCode(db);
    // What a database migrated before decision 033 holds: no routines table, the superseded functions
    // of drizzle/0005-0023 (record_swipe, another record_swipes), and old bodies of the others.
    await run(
      db,
      'drop table drizzle.__routines',
      'drop function record_swipes(jsonb, interval)',
      `create function record_swipes(p_batch jsonb, p_match_expiry interval) returns table (ord integer)
         language sql as 'select 1'`,
      `create function record_swipes(p_batch jsonb) returns void language sql as ''`,
      `create function record_swipe(p_swiper uuid, p_target uuid) returns void language sql as ''`,
      `create or replace function bump_search_generation() returns trigger language plpgsql as 'begin return null; end'`,
      'drop trigger ledger_lines_append_only on ledger_lines',
      `create function old_guard() returns trigger language plpgsql as 'begin return new; end'`,
      'create trigger old_guard before insert on events for each row execute function old_guard()',
      'create view old_view as select 1 as one',
    );
    await migrateDatabase(handle);
    expect(await databaseCode(db)).toEqual(current);
  });

  it('a changed routine is live at the next start with what depends on it; the rest is left alone; a fresh database gets the same', async () => {
    const routines = copyOf(ROUTINES_FOLDER);
    const sources = { ...DEFAULT_SOURCES, routines };
    // A view on a function: the function cannot be dropped under it, so the order matters.
    writeFileSync(
      join(routines, 'wanted_by_default.sql'),
      '-- requires: wants_match_notices\nCREATE VIEW wanted_by_default AS SELECT wanted FROM wants_match_notices(NULL);\n',
    );
    await migrateDatabase(handle, sources);
    const wanted = async () =>
      (await db.execute<{ wanted: boolean }>(sql`select wanted from wanted_by_default`)).rows[0]?.wanted;
    expect(await wanted()).toBe(true);

    const before = await functionOids(db);
    await migrateDatabase(handle, sources);
    expect(await functionOids(db)).toEqual(before);

    const file = join(routines, 'wants_match_notices.sql');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('WHERE user_id = p_user), true)', 'WHERE user_id = p_user), false)'));
    await migrateDatabase(handle, sources);
    expect(await wanted()).toBe(false);
    const after = await functionOids(db);
    expect(after.wants_match_notices).not.toBe(before.wants_match_notices);
    // record_swipes requires it, so it is applied again with it; nothing else is.
    expect(after.record_swipes).not.toBe(before.record_swipes);
    expect(after.ledger_is_append_only).toBe(before.ledger_is_append_only);

    const blank = await blankDatabase();
    const fresh = await blank.connect();
    try {
      await migrateDatabase(fresh, sources);
      expect(await databaseCode(fresh.db)).toEqual(await databaseCode(db));
    } finally {
      await fresh.dispose();
      await blank.drop();
    }
  });

  it('drops a routine whose file is gone', async () => {
    const routines = copyOf(ROUTINES_FOLDER);
    writeFileSync(
      join(routines, 'answer.sql'),
      'CREATE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 42 $$;\n',
    );
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    expect(Object.keys(await databaseCode(db))).toContain('function answer()');
    rmSync(join(routines, 'answer.sql'));
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    expect(Object.keys(await databaseCode(db))).not.toContain('function answer()');
  });

  it('puts back the triggers a migration took with a table it rebuilt', async () => {
    const current = await databaseCode(db);
    const migrations = copyOf(MIGRATIONS_FOLDER);
    const journalFile = join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({
      ...last,
      idx: last.idx + 1,
      when: last.when + 1,
      tag: '9999_rebuilt_ledger_lines',
    });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(
      join(migrations, '9999_rebuilt_ledger_lines.sql'),
      'DROP TRIGGER "ledger_lines_append_only" ON "ledger_lines";',
    );
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, migrations });
    expect(await databaseCode(db)).toEqual(current);
  });

  it('refuses a file that defines what it is not named after, and then changes nothing', async () => {
    const current = await databaseCode(db);
    const routines = copyOf(ROUTINES_FOLDER);
    writeFileSync(
      join(routines, 'misnamed.sql'),
      'CREATE FUNCTION not_misnamed() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
    );
    await expect(migrateDatabase(handle, { ...DEFAULT_SOURCES, routines })).rejects.toThrow(/misnamed/);
    expect(await databaseCode(db)).toEqual(current);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances starting at once on PostgreSQL', () => {
  it('one migrates and puts the routines on; the others wait, then find nothing left to do', async () => {
    const blank = await blankDatabase();
    const instances = await Promise.all([blank.connect(), blank.connect(), blank.connect()]);
    try {
      await Promise.all(instances.map((instance) => migrateDatabase(instance)));
      const first = instances[0] as Disposable;
      const counts = await first.db.execute<{ migrations: number; routines: number }>(sql`
        select (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
               (select count(*)::int from drizzle.__routines) as routines`);
      const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
      expect(counts.rows[0]).toEqual({ migrations: journal.entries.length, routines: readRoutines().length });
    } finally {
      for (const instance of instances) await instance.dispose();
      await blank.drop();
    }
  });
});

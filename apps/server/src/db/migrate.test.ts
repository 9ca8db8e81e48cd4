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
  photos,
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
    expect(row).toMatchObject({
      ageRangeMin: 21,
      ageRangeMax: 35,
      ratingAvg: null,
      ratingCount: 0,
      ghostMode: false,
    });
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

/**
 * Each function's oid and row version by name: a new oid is a function dropped and made again, a new
 * version (xmin) with the same oid one replaced in place (CREATE OR REPLACE).
 */
async function functionVersions(db: Db): Promise<Record<string, { oid: string; version: string }>> {
  const result = await db.execute<{ name: string; oid: string; version: string }>(
    sql`select proname as name, oid::text as oid, xmin::text as version from pg_proc
        where pronamespace = 'public'::regnamespace`,
  );
  return Object.fromEntries(result.rows.map(({ name, oid, version }) => [name, { oid, version }]));
}

/** Each trigger's oid by table and name: an oid that changed is a trigger dropped and made again. */
async function triggerOids(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ name: string; oid: string }>(
    sql`select t.tgrelid::regclass || '.' || t.tgname as name, t.oid::text as oid from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.name, row.oid]));
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
      writeFileSync(
        join(folder, 'a_view.sql'),
        '-- requires: z_function\nCREATE OR REPLACE VIEW a_view AS SELECT 1;\n',
      );
      writeFileSync(
        join(folder, 'z_function.sql'),
        'CREATE OR REPLACE FUNCTION z_function() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      writeFileSync(
        join(folder, 'm_function.sql'),
        'CREATE OR REPLACE FUNCTION m_function() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      expect(readRoutines(folder).map((r) => r.name)).toEqual(['z_function', 'a_view', 'm_function']);
      writeFileSync(join(folder, 'z_function.sql'), '-- requires: a_view\n');
      expect(() => readRoutines(folder)).toThrow(/circle: a_view → z_function → a_view/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads the triggers a file declares apart from its function, and refuses a plain CREATE FUNCTION', () => {
    const bump = readRoutines().find((routine) => routine.name === 'bump_search_generation');
    expect(bump?.triggers.map((trigger) => `${trigger.table}.${trigger.name}`)).toEqual([
      'profiles.profiles_search_generation',
      'profiles.profiles_search_generation_truncate',
      'safety_settings.safety_settings_search_generation',
      'safety_settings.safety_settings_search_generation_truncate',
    ]);
    expect(bump?.definition).not.toMatch(/CREATE TRIGGER/i);
    const folder = mkdtempSync(join(tmpdir(), 'rc-routines-'));
    try {
      writeFileSync(
        join(folder, 'plain.sql'),
        'CREATE FUNCTION plain() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
      );
      expect(() => readRoutines(folder)).toThrow(/sql\/plain\.sql: .*CREATE OR REPLACE/);
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
  let migrationsAdded = 0;
  /** A copy of the migrations with one more after the last, as the next deploy would bring. */
  const withMigration = (statement: string) => {
    const migrations = copyOf(MIGRATIONS_FOLDER);
    const journalFile = join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    migrationsAdded += 1;
    const tag = `${9000 + migrationsAdded}_added`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + migrationsAdded, tag });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(join(migrations, `${tag}.sql`), statement);
    return { ...DEFAULT_SOURCES, migrations };
  };

  it('migration 0058 names the member of the audit rows written before it, and the rows stay append-only', async () => {
    // Rows as the writers left them before member_id existed (a raw insert leaves it empty).
    const member = await newUser(db);
    const [photo] = await db
      .insert(photos)
      .values({
        userId: member,
        position: 0,
        keyLarge: 'l',
        keySmall: 's',
        keyBlur: 'b',
        width: 1,
        height: 1,
      })
      .returning({ id: photos.id });
    await run(
      db,
      `insert into audit_log (action, target_type, target_id) values ('member_tier_change', 'user', '${member}')`,
      `insert into audit_log (action, target_type, target_id) values ('photo.approved', 'photo', '${photo?.id}')`,
      `insert into audit_log (action, target_type, target_id) values ('event.create', 'event', '${randomUUID()}')`,
    );
    const file = readdirSync(MIGRATIONS_FOLDER).find((name) => name.startsWith('0058_')) as string;
    const backfill = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8');
    await migrateDatabase(
      handle,
      withMigration(backfill.slice(backfill.indexOf('ALTER TABLE "audit_log" DISABLE'))),
    );
    const rows = await db.execute<{ target_type: string; member_id: string | null }>(
      sql`select target_type, member_id from audit_log order by id`,
    );
    expect(rows.rows).toEqual([
      { target_type: 'user', member_id: member },
      { target_type: 'photo', member_id: member },
      { target_type: 'event', member_id: null },
    ]);
    expect(pgErrorCode(await failureOf(() => db.execute(sql`update audit_log set action = 'forged'`)))).toBe(
      '23000',
    );
    await run(
      db,
      'alter table audit_log disable trigger user',
      'delete from audit_log',
      'delete from photos',
    );
    await run(db, 'alter table audit_log enable trigger user');
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
    // of drizzle/0005-0023 (record_swipe, another record_swipes), old bodies of the others, a trigger
    // missing.
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
      '-- requires: wants_match_notices\nCREATE OR REPLACE VIEW wanted_by_default AS SELECT wanted FROM wants_match_notices(NULL);\n',
    );
    await migrateDatabase(handle, sources);
    const wanted = async () =>
      (await db.execute<{ wanted: boolean }>(sql`select wanted from wanted_by_default`)).rows[0]?.wanted;
    expect(await wanted()).toBe(true);

    const before = await functionVersions(db);
    await migrateDatabase(handle, sources);
    expect(await functionVersions(db)).toEqual(before);

    const file = join(routines, 'wants_match_notices.sql');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('WHERE user_id = p_user), true)', 'WHERE user_id = p_user), false)'));
    await migrateDatabase(handle, sources);
    expect(await wanted()).toBe(false);
    const after = await functionVersions(db);
    // Replaced in place: its signature is the same, so nothing that uses it was dropped.
    expect(after.wants_match_notices?.oid).toBe(before.wants_match_notices?.oid);
    expect(after.wants_match_notices?.version).not.toBe(before.wants_match_notices?.version);
    // record_swipes requires it, so it is applied again with it; nothing else is.
    expect(after.record_swipes?.oid).toBe(before.record_swipes?.oid);
    expect(after.record_swipes?.version).not.toBe(before.record_swipes?.version);
    expect(after.ledger_is_append_only).toEqual(before.ledger_is_append_only);

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
      'CREATE OR REPLACE FUNCTION answer() RETURNS int LANGUAGE sql AS $$ SELECT 42 $$;\n',
    );
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    expect(Object.keys(await databaseCode(db))).toContain('function answer()');
    rmSync(join(routines, 'answer.sql'));
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    expect(Object.keys(await databaseCode(db))).not.toContain('function answer()');
  });

  it('puts back the triggers a migration took with a table it rebuilt', async () => {
    const current = await databaseCode(db);
    const triggers = await triggerOids(db);
    await migrateDatabase(
      handle,
      withMigration('DROP TRIGGER "ledger_lines_append_only" ON "ledger_lines";'),
    );
    expect(await databaseCode(db)).toEqual(current);
    // Only the trigger that was gone was made again.
    const after = await triggerOids(db);
    expect(after['ledger_lines.ledger_lines_append_only']).not.toBe(
      triggers['ledger_lines.ledger_lines_append_only'],
    );
    expect({ ...after, 'ledger_lines.ledger_lines_append_only': '' }).toEqual({
      ...triggers,
      'ledger_lines.ledger_lines_append_only': '',
    });
  });

  it('applies no routine again after a migration that did not touch them: no trigger dropped, no function replaced', async () => {
    const triggers = await triggerOids(db);
    const functions = await functionVersions(db);
    // DROP TRIGGER locks its table (ACCESS EXCLUSIVE) until the deploy's migration commits: the
    // running instances' reads of profiles would wait for it.
    await migrateDatabase(handle, withMigration('CREATE INDEX "unrelated_idx" ON "events" ("venue");'));
    expect(await triggerOids(db)).toEqual(triggers);
    expect(await functionVersions(db)).toEqual(functions);
    await run(db, 'DROP INDEX "unrelated_idx"');
  });

  it('puts back a trigger that went missing, at a start with no migration and no change', async () => {
    const current = await databaseCode(db);
    await run(
      db,
      'DROP TRIGGER "profiles_search_generation" ON "profiles"',
      'DROP TRIGGER "ledger_lines_balance" ON "ledger_lines"',
    );
    await migrateDatabase(handle);
    expect(await databaseCode(db)).toEqual(current);
  });

  it("leaves an operator's own views, functions and triggers in public alone", async () => {
    const own = [
      'CREATE VIEW operator_signups AS SELECT count(*) AS n FROM users',
      `CREATE FUNCTION operator_stamp() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'`,
      'CREATE TRIGGER operator_stamp BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION operator_stamp()',
    ];
    const keys = ['view operator_signups', 'function operator_stamp()', 'trigger operator_stamp on events'];
    await run(db, ...own);
    try {
      const routines = copyOf(ROUTINES_FOLDER);
      const file = join(routines, 'wants_match_notices.sql');
      writeFileSync(file, `${readFileSync(file, 'utf8')}-- changed\n`);
      // A deploy with a migration and a changed routine: everything the migrator does, it did.
      await migrateDatabase(handle, { ...withMigration('SELECT 1;'), routines });
      expect(Object.keys(await databaseCode(db))).toEqual(expect.arrayContaining(keys));
    } finally {
      await run(
        db,
        'DROP TRIGGER IF EXISTS operator_stamp ON events',
        'DROP FUNCTION IF EXISTS operator_stamp()',
        'DROP VIEW IF EXISTS operator_signups',
      );
    }
  });

  it('re-creates only the triggers whose own statement changed, and replaces the function in place', async () => {
    const routines = copyOf(ROUTINES_FOLDER);
    const file = join(routines, 'bump_search_generation.sql');
    const text = readFileSync(file, 'utf8');
    const triggers = await triggerOids(db);
    const functions = await functionVersions(db);
    // A comment: the function is applied again, no trigger is touched.
    writeFileSync(file, `-- A comment.\n${text}`);
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    expect(await triggerOids(db)).toEqual(triggers);
    expect((await functionVersions(db)).bump_search_generation?.oid).toBe(
      functions.bump_search_generation?.oid,
    );
    // One trigger's statement: that trigger alone is made again, with its new definition.
    writeFileSync(file, text.replace('"name", "age", ', '"age", '));
    await migrateDatabase(handle, { ...DEFAULT_SOURCES, routines });
    const after = await triggerOids(db);
    const changed = 'profiles.profiles_search_generation';
    expect(after[changed]).not.toBe(triggers[changed]);
    expect({ ...after, [changed]: '' }).toEqual({ ...triggers, [changed]: '' });
    const definition = (await databaseCode(db))[`trigger profiles_search_generation on profiles`];
    expect(definition).toMatch(/UPDATE OF age, user_type/);
  });

  it('drops a function whose signature changed, and what requires it, before making them again', async () => {
    const routines = copyOf(ROUTINES_FOLDER);
    const sources = { ...DEFAULT_SOURCES, routines };
    const write = (name: string, text: string) => writeFileSync(join(routines, `${name}.sql`), text);
    write(
      'twice',
      'CREATE OR REPLACE FUNCTION twice(p int) RETURNS int LANGUAGE sql AS $$ SELECT p * 2 $$;\n',
    );
    write('twice_one', '-- requires: twice\nCREATE OR REPLACE VIEW twice_one AS SELECT twice(1) AS n;\n');
    await migrateDatabase(handle, sources);
    // Another argument type: a new overload, so the old one must go (with the view using it).
    write(
      'twice',
      'CREATE OR REPLACE FUNCTION twice(p bigint) RETURNS bigint LANGUAGE sql AS $$ SELECT p * 2 $$;\n',
    );
    await migrateDatabase(handle, sources);
    let code = Object.keys(await databaseCode(db));
    expect(code.filter((key) => key.startsWith('function twice('))).toEqual(['function twice(bigint)']);
    // Another return type: CREATE OR REPLACE refuses it, so it is dropped and made again.
    write(
      'twice',
      'CREATE OR REPLACE FUNCTION twice(p bigint) RETURNS numeric LANGUAGE sql AS $$ SELECT p * 2.0 $$;\n',
    );
    await migrateDatabase(handle, sources);
    code = Object.keys(await databaseCode(db));
    expect(code.filter((key) => key.startsWith('function twice('))).toEqual(['function twice(bigint)']);
    const [row] = (await db.execute<{ n: string }>(sql`select n::text as n from twice_one`)).rows;
    expect(row?.n).toBe('2.0');
  });

  it('refuses a file that defines what it is not named after, and then changes nothing', async () => {
    const current = await databaseCode(db);
    const routines = copyOf(ROUTINES_FOLDER);
    writeFileSync(
      join(routines, 'misnamed.sql'),
      'CREATE OR REPLACE FUNCTION not_misnamed() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n',
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

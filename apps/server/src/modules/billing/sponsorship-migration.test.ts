import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../db/migrate';

// What the migration that made sponsorships paid (decision 029) does to the sponsorships already in
// the database: the database is migrated up to just before it, given the state issue 31 found, and
// then migrated on.

const MIGRATION = 'sponsorships_paid_for_a_period';
const DAY = "interval '1 day'";

/** A copy of the migrations folder that stops before this one. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'rc-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(tag));
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

type Pglite = Extract<DatabaseHandle, { kind: 'pglite' }>;
let handle: Pglite;
let folder: string;

const exec = (statement: ReturnType<typeof sql>) => handle.db.execute(statement);

/** A member as the profile rows of the time held them (only what the rules read). */
async function member(name: string, plan: { tier: number; paidForDays: number | null; ghost?: boolean }) {
  const id = randomUUID();
  await exec(sql`insert into users (id, name, email) values (${id}, ${name}, ${`${id}@example.test`})`);
  const endsAt = plan.paidForDays === null ? null : sql`now() + ${plan.paidForDays} * ${sql.raw(DAY)}`;
  await exec(sql`insert into profiles (user_id, name, tier_level, tier_subscription_active,
      tier_subscription_ends_at, ghost_mode)
    values (${id}, ${name}, ${plan.tier}, ${plan.paidForDays !== null && plan.paidForDays > 0}, ${endsAt},
      ${plan.ghost ?? false})`);
  return id;
}

async function sponsorship(sponsorId: string, sponsoredId: string, revoked = false) {
  await exec(sql`insert into sponsorships (sponsor_id, sponsored_id, revoked_at)
    values (${sponsorId}, ${sponsoredId}, ${revoked ? sql`now()` : null})`);
  if (!revoked) await exec(sql`update profiles set is_sponsored = true where user_id = ${sponsoredId}`);
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  handle = (await createDatabase({})) as Pglite;
  folder = await migrationsBefore(MIGRATION);
  await migrate(drizzle({ client: handle.client }), { migrationsFolder: folder });

  // A sponsor whose plan lapsed, still "sponsoring" twelve members for free (issue 31); one of them
  // has Ghost Mode on. A sponsor still paying, with one live sponsorship and one revoked earlier.
  ids.lapsed = await member('Lapsed', { tier: 4, paidForDays: -3 });
  for (let i = 0; i < 12; i += 1) {
    ids[`free${i}`] = await member(`Free ${i}`, { tier: 2, paidForDays: null, ghost: i === 0 });
    await sponsorship(ids.lapsed, ids[`free${i}`] as string);
  }
  ids.paying = await member('Paying', { tier: 4, paidForDays: 10 });
  ids.kept = await member('Kept', { tier: 1, paidForDays: null, ghost: true });
  ids.before = await member('Before', { tier: 1, paidForDays: null });
  await sponsorship(ids.paying, ids.kept);
  await sponsorship(ids.paying, ids.before, true);

  await migrateDatabase(handle);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const rowsOf = async (sponsorId: string) =>
  (
    await exec(sql`select sponsored_id, revoked_at is not null as ended, end_reason, price_cents,
        paid_until > now() + interval '9 days' and paid_until < now() + interval '11 days' as to_plan_end
      from sponsorships where sponsor_id = ${sponsorId}`)
  ).rows as { sponsored_id: string; ended: boolean; end_reason: string | null; price_cents: number }[];

const profile = async (userId: string) =>
  (await exec(sql`select is_sponsored, ghost_mode from profiles where user_id = ${userId}`)).rows[0];

describe(`migration ${MIGRATION}`, () => {
  it('ends every sponsorship of a sponsor whose plan had lapsed, and the access and Ghost Mode it gave', async () => {
    const rows = await rowsOf(ids.lapsed as string);
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toMatchObject({ ended: true, end_reason: 'sponsor_plan_ended' });
      expect(Number(row.price_cents)).toBe(0);
    }
    expect(await profile(ids.free0 as string)).toEqual({ is_sponsored: false, ghost_mode: false });
    expect(await profile(ids.free5 as string)).toEqual({ is_sponsored: false, ghost_mode: false });
  });

  it('tells both sides once', async () => {
    const notices = (
      await exec(sql`select user_id, message from notifications where dedupe_key like 'sponsorship-ended:%'`)
    ).rows as { user_id: string; message: string }[];
    expect(notices).toHaveLength(24);
    expect(notices.filter((n) => n.user_id === ids.free3)).toEqual([
      { user_id: ids.free3, message: "Lapsed's sponsorship ended with their Vault Verified plan" },
    ]);
    expect(notices.filter((n) => n.user_id === ids.lapsed)).toHaveLength(12);
    expect(notices).toContainEqual({
      user_id: ids.lapsed,
      message: 'Your sponsorship of Free 7 ended with your Vault Verified plan',
    });
  });

  it('lets a paying sponsor’s sponsorship run to the end of their current plan, and marks a revoked one', async () => {
    const rows = await rowsOf(ids.paying as string);
    expect(rows.find((r) => r.sponsored_id === ids.kept)).toMatchObject({
      ended: false,
      end_reason: null,
      to_plan_end: true,
    });
    expect(rows.find((r) => r.sponsored_id === ids.before)).toMatchObject({
      ended: true,
      end_reason: 'revoked',
    });
    expect(await profile(ids.kept as string)).toEqual({ is_sponsored: true, ghost_mode: true });
  });
});

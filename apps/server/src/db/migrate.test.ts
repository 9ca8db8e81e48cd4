import { randomUUID } from 'node:crypto';
import type { LifestyleTag } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { createDatabase, type DatabaseHandle, type Db } from './client';
import { isCheckViolation, isUniqueViolation, pgErrorCode } from './errors';
import { migrateDatabase } from './migrate';
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

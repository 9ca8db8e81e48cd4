import { createHash } from 'node:crypto';
import { CITIES, findEventCity, freakoffStartAfter } from '@royal/shared';
import { verifyPassword } from 'better-auth/crypto';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { TEST_MESSAGE_KEYS } from '../../test/message-keys';
import { createMemoryStorage } from '../adapters/storage/memory';
import type { DatabaseHandle, Db } from '../db/client';
import {
  accounts,
  eventRsvps,
  events,
  notifications,
  photos,
  profiles,
  safeLocations,
  subscriptions,
  userRoles,
  users,
} from '../db/schema';
import { deriveSecrets } from '../secrets';
import { DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, type SeedResult, seedDemoData } from './index';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH } from './portraits';

describe('seedDemoData', () => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let db: Db;
  const storage = createMemoryStorage();
  let emptyBefore: boolean;
  let first: SeedResult;

  beforeAll(async () => {
    handle = await openTestDatabase();
    db = handle.db;
    emptyBefore = await isDatabaseEmpty(db);
    first = await seedDemoData({
      db,
      storage,
      secrets: deriveSecrets('seed-test-secret-seed-test-secret-0123'),
      messageKeys: TEST_MESSAGE_KEYS,
    });
    // The whole demo community (about 175 drawn portraits through the photo pipeline): some 15 s of
    // CPU, more when the suite's other files share the two cores.
  }, 180_000);
  afterAll(async () => {
    await handle?.dispose();
  });

  it('writes the demo logins plus 50 community members', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(first).toMatchObject({ skipped: false, members: DEMO_LOGINS.length + 50 });
    const [total] = await db.select({ n: count() }).from(profiles);
    expect(total?.n).toBe(DEMO_LOGINS.length + 50);
  });

  it('writes every member as onboarded, with photos the moderation job need not score', async () => {
    const [waiting] = await db.select({ n: count() }).from(profiles).where(isNull(profiles.onboardedAt));
    expect(waiting?.n).toBe(0);
    const [unscored] = await db.select({ n: count() }).from(photos).where(isNull(photos.aiCheckedAt));
    expect(unscored?.n).toBe(0);
  });

  it('covers every tier, more at 1–2 than at 4, and both user types', async () => {
    const byTier = await db
      .select({ tier: profiles.tierLevel, n: count() })
      .from(profiles)
      .groupBy(profiles.tierLevel);
    const n = (tier: number) => byTier.find((r) => r.tier === tier)?.n ?? 0;
    for (const tier of [0, 1, 2, 3, 4]) expect(n(tier)).toBeGreaterThan(0);
    expect(n(1)).toBeGreaterThan(n(4));
    expect(n(2)).toBeGreaterThan(n(4));

    const byType = await db
      .select({ type: profiles.userType, n: count() })
      .from(profiles)
      .groupBy(profiles.userType);
    expect(byType.map((r) => r.type).sort()).toEqual(['men', 'women']);
    for (const row of byType) expect(row.n).toBeGreaterThan(20);
  });

  it('varies the members within the spec bounds', async () => {
    const rows = await db.select().from(profiles);
    expect(new Set(rows.map((r) => r.city)).size).toBe(10);
    // Whoever tries a demo login meets members in their own city first (the deck is near first).
    const people = await db.select({ id: users.id, email: users.email }).from(users);
    for (const login of DEMO_LOGINS) {
      const id = people.find((p) => p.email === login.email)?.id;
      const me = rows.find((r) => r.userId === id);
      expect(me, login.email).toBeDefined();
      const near = rows.filter((r) => r.city === me?.city && r.userType !== me?.userType && !r.ghostMode);
      expect(near.length, login.email).toBeGreaterThanOrEqual(3);
    }
    for (const r of rows) {
      expect(r.age).toBeGreaterThanOrEqual(21);
      expect(r.age).toBeLessThanOrEqual(58);
      expect(r.popularityScore).toBeGreaterThanOrEqual(10);
      if (r.ratingCount > 0) {
        expect(r.ratingAvg).toBeGreaterThanOrEqual(3.5);
        expect(r.ratingAvg).toBeLessThanOrEqual(5);
      } else expect(r.ratingAvg).toBeNull();
      expect(r.lifestyleTags.length).toBeGreaterThanOrEqual(2);
      expect(r.lifestyleTags.length).toBeLessThanOrEqual(7);
      expect(r.bio?.length ?? 0).toBeLessThanOrEqual(500);
      // The coarse cell is near, but not at, the exact point.
      expect(r.geoLat).not.toBe(r.lat);
      expect(Math.abs((r.geoLat ?? 0) - (r.lat ?? 0))).toBeLessThan(0.06);
      if (r.tierLevel > 0) expect(r.tierSubscriptionEndsAt?.getTime()).toBeGreaterThan(Date.now());
    }
    expect(rows.some((r) => (r.bio?.length ?? 0) > 150)).toBe(true);
    const ghosts = rows.filter((r) => r.ghostMode);
    expect(ghosts.length).toBeGreaterThanOrEqual(1);
    expect(ghosts.length).toBeLessThanOrEqual(2);
    expect(rows.some((r) => r.isSponsored)).toBe(true);
    expect(rows.some((r) => r.verified) && rows.some((r) => !r.verified)).toBe(true);
    const [paid] = await db
      .select({ n: count() })
      .from(subscriptions)
      .where(eq(subscriptions.status, 'active'));
    expect(paid?.n).toBe(rows.filter((r) => r.tierLevel > 0).length);
  });

  it('gives everyone 2–4 approved photos, stored as four variants each (with the face square)', async () => {
    const perMember = await db
      .select({ userId: photos.userId, n: count() })
      .from(photos)
      .where(eq(photos.status, 'approved'))
      .groupBy(photos.userId);
    expect(perMember).toHaveLength(DEMO_LOGINS.length + 50);
    for (const row of perMember) {
      expect(row.n).toBeGreaterThanOrEqual(2);
      expect(row.n).toBeLessThanOrEqual(4);
    }
    const [all] = await db.select({ n: count() }).from(photos);
    expect(storage.size()).toBe((all?.n ?? 0) * 4);
    const [one] = await db.select().from(photos).limit(1);
    expect((await storage.get(one?.keyLarge ?? ''))?.body.subarray(8, 12).toString()).toBe('WEBP');
    // The avatar square is stored from the start: the seed goes through the upload pipeline.
    const [faceless] = await db.select({ n: count() }).from(photos).where(isNull(photos.keyFace));
    expect(faceless?.n).toBe(0);
    expect((await storage.get(one?.keyFace ?? ''))?.body.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('gives every member a bio of their own', async () => {
    const rows = await db.select({ bio: profiles.bio }).from(profiles);
    const bios = rows.map((r) => r.bio?.trim() ?? '');
    expect(bios.every((bio) => bio.length >= 20)).toBe(true);
    expect(new Set(bios).size).toBe(rows.length);
  });

  it('draws a different picture for every photo, at twice the card size', async () => {
    const rows = await db
      .select({ userId: photos.userId, key: photos.keyLarge, width: photos.width, height: photos.height })
      .from(photos);
    const hashes = new Set<string>();
    for (const row of rows) {
      const stored = await storage.get(row.key);
      if (!stored) throw new Error(`missing ${row.key}`);
      hashes.add(createHash('sha256').update(stored.body).digest('hex'));
      expect({ width: row.width, height: row.height }).toEqual({
        width: PORTRAIT_WIDTH,
        height: PORTRAIT_HEIGHT,
      });
    }
    // No two photos alike, neither across members nor among one member's own.
    expect(hashes.size).toBe(rows.length);
  });

  it('creates working demo logins with their tiers and roles', async () => {
    for (const login of DEMO_LOGINS) {
      const [row] = await db
        .select({ id: users.id, tier: profiles.tierLevel, type: profiles.userType, hash: accounts.password })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
        .where(eq(users.email, login.email));
      expect(row, login.email).toMatchObject({ tier: login.tier, type: login.userType });
      const roles = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, row?.id ?? ''));
      expect(roles.map((r) => r.role).sort()).toEqual([...login.roles].sort());
      const [welcome] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, row?.id ?? ''), eq(notifications.type, 'system')));
      expect(welcome?.n).toBe(1);
    }
    const [vault] = await db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'vault@royalcircle.test'));
    expect(await verifyPassword({ hash: vault?.hash ?? '', password: DEMO_PASSWORD })).toBe(true);
  });

  it('gives every demo login opposite-type candidates it may see, in its age range', async () => {
    for (const login of DEMO_LOGINS) {
      const [row] = await db
        .select({ n: count() })
        .from(profiles)
        .where(
          sql`${profiles.userType} <> ${login.userType} and ${profiles.tierLevel} <= ${login.tier}
            and ${profiles.ghostMode} = false and ${profiles.age} between ${login.ageRange[0]} and ${login.ageRange[1]}`,
        );
      expect(row?.n, login.email).toBeGreaterThanOrEqual(3);
    }
  });

  it('writes events with different tier sets and safe locations', async () => {
    const eventRows = await db.select({ tiers: events.tierRequired, at: events.dateTime }).from(events);
    expect(eventRows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(eventRows.map((e) => e.tiers.join(','))).size).toBe(eventRows.length);
    for (const e of eventRows) expect(e.at.getTime()).toBeGreaterThan(Date.now());
    // Every launch city has places to suggest: at least four verified and rated 4 or more.
    const places = await db
      .select({ city: safeLocations.city, n: count() })
      .from(safeLocations)
      .where(and(eq(safeLocations.verified, true), gte(safeLocations.safetyRating, 4)))
      .groupBy(safeLocations.city);
    const perCity = new Map(places.map((p) => [p.city, p.n]));
    for (const city of CITIES) expect(perCity.get(city.name) ?? 0, city.name).toBeGreaterThanOrEqual(4);
  });

  it('writes events as the events module would: city "Name, ST", its zone, the Freakoff start, the guests counted', async () => {
    const eventRows = await db.select().from(events);
    for (const e of eventRows) {
      const city = findEventCity(e.city ?? '');
      expect(city?.timeZone, e.name).toBe(e.timeZone);
      expect(e.freakoffStartTime?.toISOString() ?? null, e.name).toBe(
        e.freakoffEnabled ? freakoffStartAfter(e.dateTime, e.timeZone).toISOString() : null,
      );
      const [going] = await db
        .select({ n: count() })
        .from(eventRsvps)
        .where(and(eq(eventRsvps.eventId, e.id), eq(eventRsvps.status, 'going')));
      expect(e.guestsCount, e.name).toBe(going?.n);
    }
  });

  it('is idempotent', async () => {
    const again = await seedDemoData({
      db,
      storage,
      secrets: deriveSecrets('seed-test-secret-seed-test-secret-0123'),
      messageKeys: TEST_MESSAGE_KEYS,
    });
    expect(again.skipped).toBe(true);
    const [total] = await db.select({ n: count() }).from(users);
    expect(total?.n).toBe(DEMO_LOGINS.length + 50);
  });
});

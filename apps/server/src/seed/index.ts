import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  CITIES,
  COMPENSATION_PREFERENCES,
  ETHNICITIES,
  eventCityId,
  freakoffStartAfter,
  HEIGHTS,
  instantToLocal,
  LIFESTYLE_TAGS,
  LOOKING_FOR,
  localToInstant,
  MATCH_EXPIRY_MS,
  type Role,
  TIERS,
  type TierLevel,
  type UserType,
} from '@royal/shared';
import { hashPassword } from 'better-auth/crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ObjectStorage } from '../adapters/storage/types';
import type { DerivedSecrets } from '../context';
import type { Db } from '../db/client';
import {
  eventRsvps,
  events,
  matches,
  messages,
  notifications,
  photos,
  profiles,
  profileViews,
  safeLocations,
  subscriptions,
  swipeActions,
  users,
} from '../db/schema';
import { mapLimit } from '../lib/map-limit';
import type { MessageKeyRing } from '../lib/message-crypto';
import { createMemberDirectly, enrolTotpDirectly, type MemberWriterDeps } from '../modules/auth';
import { sealedMessageValues } from '../modules/messaging';
import { type PhotoKeys, processImage, storePhotoVariants } from '../modules/photos';
import {
  ADMIN_DEMO_EMAIL,
  AMBASSADOR_DEMO_EMAIL,
  COMMUNITY_BIOS,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  type DemoLogin,
  MEN_NAMES,
  SEED_EVENTS,
  SEED_SAFE_LOCATIONS,
  WOMEN_NAMES,
} from './data';
import { describePerson, type Person, renderPortrait } from './portraits';
import { createRandom, type Random } from './random';

export { DEMO_ADMIN_TOTP_SECRET, DEMO_LOGINS, DEMO_PASSWORD, type DemoLogin } from './data';

export type SeedOptions = {
  /** Community members besides the demo logins (default 50). */
  profiles?: number;
};

export type SeedResult = { skipped: boolean; members: number; photos: number; durationMs: number };

/** Where the seed writes: the app's database and storage, and its location key (app.ctx fits). */
export type SeedTarget = {
  db: Db;
  storage: ObjectStorage;
  secrets: DerivedSecrets;
  messageKeys: MessageKeyRing;
  /** The auth secret the demo admin's TOTP secret is encrypted with (decision 057). */
  config?: { authSecret: string };
};

const DEFAULT_COMMUNITY = 50;
const SEED = 20_260_101;
/** A stream of its own for dealing out bios, so adding bios does not move any other seeded value. */
const BIO_SEED = SEED + 1;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Demo subscriptions run a year, so a demo keeps working; they lapse like any other at their end. */
const SUBSCRIPTION_DAYS = 365;
/** More members at tiers 1–2, fewer at 4, as a real membership would look. */
const TIER_WEIGHTS: Record<TierLevel, number> = { 0: 0.14, 1: 0.28, 2: 0.28, 3: 0.18, 4: 0.12 };
/** Share of verified members per tier. */
const VERIFIED_SHARE: Record<TierLevel, number> = { 0: 0.1, 1: 0.35, 2: 0.7, 3: 0.8, 4: 1 };
/** The first members of every tier and type get an age in this band, which every demo login's age range covers. */
const ANCHOR_AGES: readonly [number, number] = [28, 40];
const ANCHORS_PER_GROUP = 2;
const WOMEN_BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'plus_size'] as const;
const MEN_BODY_TYPES = ['slim', 'athletic', 'average', 'muscular', 'plus_size'] as const;
const DISTANCES = [10, 25, 25, 50, 75, 100] as const;
const IMAGE_JOBS_IN_FLIGHT = 16;
/** Members per batch of drawn photos. */
const BATCH_SIZE = 12;

type MemberPlan = {
  id: string;
  email: string;
  name: string;
  age: number;
  userType: UserType;
  tier: TierLevel;
  roles: readonly Role[];
  verified: boolean;
  canSponsor: boolean;
  sponsored: boolean;
  ghost: boolean;
  cityIndex: number;
  ageRange: readonly [number, number];
  popularity: number;
  lastActiveMinutesAgo: number;
  photoCount: number;
  bio: string;
  demo: boolean;
};

/** A member with the person their photos show (see withLooks). */
type DrawnMember = MemberPlan & { look: Person };

/** True when no account exists yet (the server seeds an empty embedded database on first start). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Writes the demo: the seven demo logins, `profiles` community members across the ten cities, tiers and
 * both user types (with drawn photos sent through the real upload pipeline), events, safe locations,
 * a few likes, views and matches for the demo logins, and a welcome notification each. Every member is
 * written in its own transaction. Does nothing when the admin demo account already exists; members
 * that exist from an interrupted earlier run are skipped.
 */
export async function seedDemoData(target: SeedTarget, opts: SeedOptions = {}): Promise<SeedResult> {
  const { db, storage } = target;
  const writer: MemberWriterDeps = { locationKey: target.secrets.locationJitter };
  const started = Date.now();
  const existingAdmin = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ADMIN_DEMO_EMAIL));
  if (existingAdmin.length > 0)
    return { skipped: true, members: 0, photos: 0, durationMs: Date.now() - started };

  const random = createRandom(SEED);
  const now = new Date();
  // scrypt is deliberately slow: hash once, reuse for every seeded account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plans = planCast(random, opts.profiles ?? DEFAULT_COMMUNITY);

  // Members left over from an interrupted run keep their rows; only the missing ones are written.
  const { missing } = await missingMembers(db, plans);
  const written: MemberPlan[] = [];
  const photoCount = await writeDrawnMembers(storage, missing, async (member, memberPhotos) => {
    if (member.email === ADMIN_DEMO_EMAIL) {
      // The admin closes the seed: the rest of the demo world is written in its transaction.
      await db.transaction(async (tx) => {
        await writeMember(tx, writer, member, memberPhotos, random, passwordHash, now);
        if (target.config) {
          await enrolTotpDirectly(tx, target.config.authSecret, member.id, DEMO_ADMIN_TOTP_SECRET);
        }
        await writeWorld(tx, target.messageKeys, [...written, member], member.id, random, now);
        await reconcileCounters(tx);
      });
    } else {
      await writeMember(db, writer, member, memberPhotos, random, passwordHash, now);
    }
    written.push(member);
  });
  return { skipped: false, members: written.length, photos: photoCount, durationMs: Date.now() - started };
}

/** The planned members whose e-mail has no account yet, and how many already have one. */
async function missingMembers<T extends { email: string }>(
  db: Db,
  plans: readonly T[],
): Promise<{ missing: T[]; present: number }> {
  const present = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            plans.map((m) => m.email),
          ),
        )
    ).map((r) => r.email),
  );
  return { missing: plans.filter((m) => !present.has(m.email)), present: present.size };
}

/**
 * Draws each member's photos and hands member and photos to `write`, in order; returns how many
 * photos were drawn. Pipelined: the next batch's photos are drawn while this batch is written.
 */
async function writeDrawnMembers(
  storage: ObjectStorage,
  members: readonly DrawnMember[],
  write: (member: DrawnMember, memberPhotos: StoredPhoto[]) => Promise<void>,
): Promise<number> {
  const batches = chunk(members, BATCH_SIZE);
  let photoCount = 0;
  let nextPhotos = batches[0] ? drawPhotos(storage, batches[0]) : undefined;
  try {
    for (const [index, batch] of batches.entries()) {
      const images = (await nextPhotos) ?? [];
      const following = batches[index + 1];
      nextPhotos = following ? drawPhotos(storage, following) : undefined;
      for (const member of batch) {
        const memberPhotos = images.filter((img) => img.memberId === member.id);
        await write(member, memberPhotos);
        photoCount += memberPhotos.length;
      }
    }
  } finally {
    // After a failed write, let the photos in flight settle instead of leaving a dangling rejection.
    await nextPhotos?.catch(() => undefined);
  }
  return photoCount;
}

/**
 * Called in a generated member's own transaction once they are written: an admin tool's audit row
 * commits with the member it records, or neither does.
 */
export type OnMemberWritten = (tx: Db, member: { id: string; email: string }) => Promise<void>;

/** What an admin's sample tool wrote: members written, already present, and refused by the database. */
export type SampleMembersResult = { written: number; skipped: number; failed: number };

/**
 * The seed's own community (the same 50 members, e-mails and looks `seedDemoData` writes) plus the
 * ambassador, written as the seed writes them, each in its own transaction; members whose e-mail
 * already has an account are skipped, so running it twice writes nothing the second time.
 */
export async function writeSeedCommunity(
  target: SeedTarget,
  onWritten: OnMemberWritten,
): Promise<SampleMembersResult> {
  const cast = planCast(createRandom(SEED), DEFAULT_COMMUNITY).filter(
    (m) => !m.demo || m.email === AMBASSADOR_DEMO_EMAIL,
  );
  return writeSampleMembers(target, cast, onWritten);
}

/**
 * `count` new community members drawn by the seed's rules from a fresh random stream, with e-mails
 * no earlier batch used (a batch tag), each in its own transaction.
 */
export async function writeGeneratedMembers(
  target: SeedTarget,
  count: number,
  onWritten: OnMemberWritten,
): Promise<SampleMembersResult> {
  const random = createRandom(randomInt(2 ** 31));
  const tag = randomBytes(4).toString('hex');
  const plans = planCommunity(random, count, {
    bioRandom: random,
    emailFor: (name, n) => `${name.toLowerCase()}.${tag}-${n + 1}@members.royalcircle.test`,
  });
  return writeSampleMembers(target, withLooks(plans), onWritten);
}

async function writeSampleMembers(
  target: SeedTarget,
  plans: readonly DrawnMember[],
  onWritten: OnMemberWritten,
): Promise<SampleMembersResult> {
  const { db, storage } = target;
  const writer: MemberWriterDeps = { locationKey: target.secrets.locationJitter };
  const random = createRandom(randomInt(2 ** 31));
  const now = new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { missing, present } = await missingMembers(db, plans);
  let written = 0;
  let failed = 0;
  await writeDrawnMembers(storage, missing, async (member, memberPhotos) => {
    try {
      await db.transaction(async (tx) => {
        await writeMember(tx, writer, member, memberPhotos, random, passwordHash, now);
        await onWritten(tx, { id: member.id, email: member.email });
      });
      written++;
    } catch {
      // One member refused (a clash with an account written meanwhile) does not stop the others.
      failed++;
    }
  });
  return { written, skipped: present, failed };
}

/** Every member the seed writes, in writing order, each with the person their photos show. */
function planCast(random: Random, profiles: number): DrawnMember[] {
  const community = planCommunity(random, profiles);
  // The admin is written last: its presence marks a finished seed.
  const demo = DEMO_LOGINS.map((login) => planDemo(login, random));
  const admin = demo.filter((m) => m.email === ADMIN_DEMO_EMAIL);
  return withLooks([...demo.filter((m) => m.email !== ADMIN_DEMO_EMAIL), ...community, ...admin]);
}

/** The people the demo's photos show, as the seed draws them (portraits.test.ts: no two alike). */
export function demoCast(profiles = DEFAULT_COMMUNITY): { email: string; age: number; look: Person }[] {
  return planCast(createRandom(SEED), profiles).map((m) => ({ email: m.email, age: m.age, look: m.look }));
}

/**
 * A demo member's rating: an average of `count` ratings, none when nobody rated them, with the sum
 * of stars it stands for (a real rating after the seed averages into it).
 */
function demoRating(average: number, count: number) {
  const ratingAvg = count > 0 ? Math.round(average * 10) / 10 : null;
  return { ratingAvg, ratingCount: count, ratingSum: Math.round((ratingAvg ?? 0) * count) };
}

/**
 * The counters members see (views, likes) are made true to the rows the seed wrote, exactly as the
 * live product keeps them: a like or super like counts once, a profile view once per viewer.
 */
async function reconcileCounters(tx: Db) {
  await tx.execute(sql`
    update ${profiles} p set
      like_count = (select count(*) from ${swipeActions} s where s.target_id = p.user_id and s.direction in ('right', 'up')),
      view_count = (select count(*) from ${profileViews} v where v.viewed_id = p.user_id)`);
}

/** Draws each member's portraits and sends them through the real upload pipeline into storage. */
function drawPhotos(storage: ObjectStorage, members: readonly DrawnMember[]) {
  return mapLimit(
    members.flatMap((member) =>
      Array.from({ length: member.photoCount }, (_, position) => ({ member, position })),
    ),
    // Many in flight: each job is a chain of short libvips steps on libuv's thread pool, and sharp
    // may run each step single-threaded (sharp.concurrency() is 1 on glibc without jemalloc).
    IMAGE_JOBS_IN_FLIGHT,
    async ({ member, position }) => {
      const png = await renderPortrait(member.look, position);
      const processed = await processImage(png);
      const keys = await storePhotoVariants(storage, member.id, processed);
      return { memberId: member.id, position, keys, width: processed.width, height: processed.height };
    },
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Gives every member the person their photos show. Looks are keyed by e-mail and counted per user
 * type in plan order (which the seeded generator fixes), so the same member looks the same on every
 * run, including a run that resumes an interrupted seed.
 */
function withLooks(plans: readonly MemberPlan[]): DrawnMember[] {
  const counted = { men: 0, women: 0 };
  return plans.map((m) => ({
    ...m,
    look: describePerson({ key: m.email, index: counted[m.userType]++, userType: m.userType, age: m.age }),
  }));
}

function planDemo(login: DemoLogin, random: Random): MemberPlan {
  return {
    id: randomUUID(),
    email: login.email,
    name: login.name,
    age: login.age,
    userType: login.userType,
    tier: login.tier,
    roles: login.roles,
    verified: login.verified,
    canSponsor: login.canSponsor,
    sponsored: false,
    ghost: false,
    cityIndex: login.cityIndex,
    ageRange: login.ageRange,
    // The Vault demo is in the top 10% so its "eligible for free upgrade" note can be seen.
    popularity: login.tier === 4 ? 93 : random.int(55, 85),
    lastActiveMinutesAgo: 2,
    photoCount: 3,
    bio: login.bio,
    demo: true,
  };
}

/** Splits `total` by weight, giving leftovers to the largest remainders (so the counts add up). */
function apportion(total: number): Record<TierLevel, number> {
  const tiers = [0, 1, 2, 3, 4] as const;
  const counts = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 } satisfies Record<TierLevel, number>;
  for (const t of tiers) counts[t] = Math.floor(total * TIER_WEIGHTS[t]);
  const remainder = (t: TierLevel) => total * TIER_WEIGHTS[t] - counts[t];
  const byRemainder = [...tiers].sort((a, b) => remainder(b) - remainder(a));
  let left = total - tiers.reduce<number>((sum, t) => sum + counts[t], 0);
  for (const t of byRemainder) {
    if (left <= 0) break;
    counts[t]++;
    left--;
  }
  return counts;
}

/** The cities the demo logins live in: most of the community lives there too. */
const LOGIN_CITIES = [...new Set(DEMO_LOGINS.map((login) => login.cityIndex))];

/**
 * Where the n-th community member lives: three in four in a demo login's city, in pairs (the types
 * alternate, so each city gets both), so whoever tries the demo meets members near them first
 * (issue 33: the deck starts within the distance preference); the rest spread over every city.
 */
function communityCityIndex(n: number): number {
  return n % 4 === 3
    ? Math.floor(n / 4) % CITIES.length
    : (LOGIN_CITIES[Math.floor(n / 2) % LOGIN_CITIES.length] ?? 0);
}

type CommunityOptions = {
  /** Deals out the bios; the seed's own stream by default, so the demo's bios never move. */
  bioRandom?: Random;
  emailFor?: (name: string, n: number) => string;
};

const seedEmail = (name: string, n: number) => `${name.toLowerCase()}.${n + 1}@members.royalcircle.test`;

function planCommunity(random: Random, total: number, options: CommunityOptions = {}): MemberPlan[] {
  if (total > COMMUNITY_BIOS.length)
    throw new Error(
      `The seed has ${COMMUNITY_BIOS.length} community bios; it cannot write ${total} members.`,
    );
  const bios = (options.bioRandom ?? createRandom(BIO_SEED)).sample(COMMUNITY_BIOS, total);
  const emailFor = options.emailFor ?? seedEmail;
  const counts = apportion(total);
  const plans: MemberPlan[] = [];
  const used = { men: 0, women: 0 };
  let ghosts = 0;
  for (const tier of [0, 1, 2, 3, 4] as const) {
    const inGroup = { men: 0, women: 0 };
    for (let k = 0; k < counts[tier]; k++) {
      // Alternate types, starting with the other one on odd tiers so small totals still mix.
      const userType: UserType = (k + tier) % 2 === 0 ? 'women' : 'men';
      const indexInGroup = inGroup[userType]++;
      const names = userType === 'women' ? WOMEN_NAMES : MEN_NAMES;
      const name = names[used[userType]++ % names.length] ?? 'Member';
      const anchor = indexInGroup < ANCHORS_PER_GROUP;
      // Skewed towards the late twenties and thirties, with a tail to 58.
      const age = anchor ? random.int(...ANCHOR_AGES) : Math.round(21 + 37 * random.next() ** 1.6);
      const ghost = tier === 4 && !anchor && ghosts < 2;
      if (ghost) ghosts++;
      const min = Math.max(21, age - random.int(3, 10));
      const max = Math.min(65, Math.max(min, age + random.int(5, 15)));
      const n = plans.length;
      plans.push({
        id: randomUUID(),
        email: emailFor(name, n),
        name,
        age,
        userType,
        tier,
        roles: ['user'],
        verified: random.chance(VERIFIED_SHARE[tier]),
        canSponsor: tier === 4,
        sponsored: tier >= 1 && tier <= 3 && !anchor && random.chance(0.15),
        ghost,
        cityIndex: communityCityIndex(n),
        ageRange: [min, max],
        popularity: random.int(10, 99),
        // From a couple of minutes to three weeks ago; about a third are "online" (within the hour).
        lastActiveMinutesAgo: Math.round(Math.exp(random.next() * Math.log(21 * 24 * 60))) + 1,
        photoCount: random.int(2, 4),
        bio: bios[n] ?? '',
        demo: false,
      });
    }
  }
  // Mix tiers across the cities and the feed order.
  return random.sample(plans, plans.length);
}

type StoredPhoto = {
  position: number;
  keys: PhotoKeys;
  width: number;
  height: number;
};

async function writeMember(
  db: Db,
  writer: MemberWriterDeps,
  m: MemberPlan,
  memberPhotos: StoredPhoto[],
  random: Random,
  passwordHash: string,
  now: Date,
) {
  const city = CITIES[m.cityIndex % CITIES.length] ?? CITIES[0];
  if (!city) throw new Error('no cities defined');
  // A few kilometres of scatter around the city centre.
  const location = { lat: city.lat + random.float(-0.04, 0.04), lng: city.lng + random.float(-0.05, 0.05) };
  const paid = m.tier > 0;
  const endsAt = new Date(now.getTime() + SUBSCRIPTION_DAYS * DAY_MS);
  const createdAt = new Date(now.getTime() - random.int(10, 200) * DAY_MS);
  const views = random.int(20, 2500);
  const heights = m.userType === 'women' ? HEIGHTS.slice(1, 11) : HEIGHTS.slice(8, 19);
  // The member and everything the seed adds around them commit together (a savepoint when `db`
  // is already a transaction), so an interrupted seed never leaves half a member.
  await db.transaction(async (tx) => {
    await createMemberDirectly(tx, writer, {
      id: m.id,
      email: m.email,
      name: m.name,
      passwordHash,
      emailVerified: true,
      createdAt,
      roles: m.roles,
      // Terms, privacy and age already done, so demo members go straight into the app.
      acceptedTermsAt: createdAt,
      ageVerified: true,
      profile: {
        age: m.age,
        bio: m.bio,
        city: city.name,
        state: city.state,
        location,
        bodyType: random.pick(m.userType === 'women' ? WOMEN_BODY_TYPES : MEN_BODY_TYPES),
        height: random.pick(heights),
        ethnicity: random.pick(ETHNICITIES),
        lookingFor: random.pick(LOOKING_FOR),
        compensationPreference: random.pick(COMPENSATION_PREFERENCES),
        ageRangeMin: m.ageRange[0],
        ageRangeMax: m.ageRange[1],
        distancePreference: random.pick(DISTANCES),
        travelWilling: random.chance(0.5),
        discretionRequired: random.chance(0.6),
        openToCompanionsOnly: m.userType === 'women' && random.chance(0.2),
        lifestyleTags: random.sample(LIFESTYLE_TAGS, random.int(2, 7)),
        verified: m.verified,
        tierLevel: m.tier,
        tierSubscriptionActive: paid,
        tierSubscriptionEndsAt: paid ? endsAt : null,
        isSponsored: m.sponsored,
        popularityScore: m.popularity,
        ...demoRating(random.float(3.5, 5), random.int(0, 40)),
        viewCount: views,
        likeCount: Math.round(views * random.float(0.05, 0.4)),
        ghostMode: m.ghost,
        canSponsor: m.canSponsor,
        gender: m.userType === 'women' ? 'female' : 'male',
        userType: m.userType,
        inviteCode: m.tier === 4 ? `RC-${m.id.slice(0, 6).toUpperCase()}` : null,
        lastActive: new Date(now.getTime() - m.lastActiveMinutesAgo * MINUTE_MS),
      },
    });
    if (memberPhotos.length > 0) {
      await tx.insert(photos).values(
        memberPhotos
          .sort((a, b) => a.position - b.position)
          .map((p) => ({
            userId: m.id,
            position: p.position,
            ...p.keys,
            width: p.width,
            height: p.height,
            status: 'approved' as const,
            aiConfidenceScore: Math.round(random.float(0.86, 0.99) * 1000) / 1000,
            // Drawn demo portraits are not queued for the on-server classifier (it would spend the
            // first minute of a demo start scoring them).
            aiCheckedAt: createdAt,
            moderatedAt: createdAt,
            createdAt,
          })),
      );
    }
    if (paid) {
      await tx.insert(subscriptions).values({
        userId: m.id,
        tierLevel: m.tier,
        status: 'active',
        provider: 'sandbox',
        providerSubscriptionId: `sandbox_sub_seed_${m.id}`,
        currentPeriodEnd: endsAt,
        createdAt,
      });
    }
    if (m.demo) {
      await tx.insert(notifications).values({
        userId: m.id,
        type: 'system',
        title: 'Welcome to the Royal Circle',
        message:
          m.tier === 0
            ? 'You are browsing as an Observer. Upgrade any time to start swiping, matching and messaging.'
            : `Your ${TIERS[m.tier].name} membership is active. Your first introductions are waiting.`,
        link: m.tier === 0 ? '/subscription' : '/app',
      });
    }
  });
}

/** Events, safe locations, RSVPs, and a little activity around the demo logins. */
async function writeWorld(
  db: Db,
  messageKeys: MessageKeyRing,
  members: MemberPlan[],
  adminId: string,
  random: Random,
  now: Date,
) {
  // Written as the events module writes them (decision 058): the city as "Name, ST" with its zone,
  // the date and hour read in that zone, the Freakoff start from the shared rule, and guests_count
  // equal to the RSVPs written below.
  const community = members.filter((m) => !m.demo);
  const planned = SEED_EVENTS.map((e) => {
    const city = CITIES[e.cityIndex] ?? (CITIES[0] as (typeof CITIES)[number]);
    const { date } = instantToLocal(new Date(now.getTime() + e.daysAhead * DAY_MS), city.timeZone);
    const dateTime = localToInstant(date, `${String(e.hour).padStart(2, '0')}:00`, city.timeZone);
    const guests = random.sample(
      community.filter((m) => e.tierRequired.includes(m.tier)),
      Math.min(e.maxGuests, random.int(3, 12)),
    );
    return { e, city, dateTime, guests };
  });
  const eventRows = await db
    .insert(events)
    .values(
      planned.map(({ e, city, dateTime, guests }) => ({
        name: e.name,
        description: e.description,
        venue: e.venue,
        address: e.address,
        city: eventCityId(city),
        timeZone: city.timeZone,
        lat: city.lat + 0.01,
        lng: city.lng - 0.01,
        dateTime,
        tierRequired: e.tierRequired,
        dressCode: e.dressCode,
        freakoffEnabled: e.freakoff,
        freakoffStartTime: e.freakoff ? freakoffStartAfter(dateTime, city.timeZone) : null,
        maxGuests: e.maxGuests,
        guestsCount: guests.length,
        qrCheckinCode: randomBytes(12).toString('base64url'),
        createdBy: adminId,
        status: 'upcoming' as const,
      })),
    )
    .returning({ id: events.id });

  const rsvps = eventRows.flatMap((event, i) =>
    (planned[i]?.guests ?? []).map((m) => ({ eventId: event.id, userId: m.id, status: 'going' as const })),
  );
  if (rsvps.length > 0) await db.insert(eventRsvps).values(rsvps);

  await db.insert(safeLocations).values(
    SEED_SAFE_LOCATIONS.map((l) => {
      const city = CITIES[l.cityIndex] ?? CITIES[0];
      return {
        name: l.name,
        address: l.address,
        city: city?.name ?? '',
        state: city?.state ?? '',
        verified: l.verified,
        safetyRating: l.rating,
        locationType: l.type,
        openHours: l.hours,
        amenities: l.amenities,
        lat: city ? city.lat + l.offset[0] : null,
        lng: city ? city.lng + l.offset[1] : null,
      };
    }),
  );

  // Likes, super likes and profile views towards each demo login, from members who could really have
  // seen them (opposite type, same or higher tier, not in ghost mode), so Interests has content.
  for (const demo of members.filter((m) => m.demo)) {
    const admirers = community.filter(
      (m) => m.userType !== demo.userType && m.tier >= demo.tier && !m.ghost && m.tier > 0,
    );
    const swipers = random.sample(admirers, random.int(3, 6));
    if (swipers.length > 0) {
      await db.insert(swipeActions).values(
        swipers.map((s, i) => ({
          swiperId: s.id,
          targetId: demo.id,
          direction: i % 3 === 0 ? ('up' as const) : ('right' as const),
          createdAt: new Date(now.getTime() - random.int(5, 5 * 24 * 60) * MINUTE_MS),
        })),
      );
    }
    const viewers = random.sample(
      community.filter((m) => m.userType !== demo.userType && m.tier >= demo.tier && !m.ghost),
      random.int(2, 5),
    );
    if (viewers.length > 0) {
      await db.insert(profileViews).values(
        viewers.map((v) => {
          const viewedAt = new Date(now.getTime() - random.int(5, 3 * 24 * 60) * MINUTE_MS);
          return { viewerId: v.id, viewedId: demo.id, viewedAt, countedAt: viewedAt };
        }),
      );
    }
    // One fresh mutual match with a short conversation, for members who may match (tier 1+).
    const partner = demo.tier > 0 ? swipers.find((s) => s.tier === demo.tier) : undefined;
    if (partner) {
      await db.insert(swipeActions).values({ swiperId: demo.id, targetId: partner.id, direction: 'right' });
      const [user1Id, user2Id] = demo.id < partner.id ? [demo.id, partner.id] : [partner.id, demo.id];
      const matchedAt = new Date(now.getTime() - 3 * 60 * MINUTE_MS);
      const [match] = await db
        .insert(matches)
        .values({
          user1Id,
          user2Id,
          createdAt: matchedAt,
          expiresAt: new Date(matchedAt.getTime() + MATCH_EXPIRY_MS),
          lastMessageAt: new Date(now.getTime() - 40 * MINUTE_MS),
          // Both have written (below), so the match stays open past its 48 hours.
          conversationStartedAt: new Date(now.getTime() - 60 * MINUTE_MS),
          lastSenderId: partner.id,
        })
        .returning({ id: matches.id });
      if (!match) continue;
      await db.insert(messages).values([
        sealedMessageValues(messageKeys, {
          matchId: match.id,
          senderId: partner.id,
          receiverId: demo.id,
          content: `Hello ${demo.name}, your profile made me smile. Are you going to any of the events this month?`,
          readStatus: true,
          createdAt: new Date(now.getTime() - 90 * MINUTE_MS),
        }),
        sealedMessageValues(messageKeys, {
          matchId: match.id,
          senderId: demo.id,
          receiverId: partner.id,
          content: 'Thinking about it! Which one caught your eye?',
          readStatus: true,
          createdAt: new Date(now.getTime() - 60 * MINUTE_MS),
        }),
        sealedMessageValues(messageKeys, {
          matchId: match.id,
          senderId: partner.id,
          receiverId: demo.id,
          content: 'The gallery night, if you like jazz. I know the curator.',
          readStatus: false,
          createdAt: new Date(now.getTime() - 40 * MINUTE_MS),
        }),
      ]);
      await db.insert(notifications).values({
        userId: demo.id,
        type: 'match',
        title: "It's a Match!",
        message: `You and ${partner.name} liked each other!`,
        actorId: partner.id,
        link: '/messages',
        createdAt: matchedAt,
      });
    }
  }
}

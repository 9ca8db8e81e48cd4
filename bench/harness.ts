/**
 * What every benchmark shares: the scratch database with 100,000 generated profiles, signed-in
 * viewers, the compiled server started in its own process as production starts it, the load
 * generator in another process (load.mjs), statement counts, and the results table with each
 * route's ratio to the trivial route measured in the same run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CITIES, LIFESTYLE_TAGS, MATCH_EXPIRY_MS, PRIVACY_VERSION, TERMS_VERSION } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { sessions } from '../apps/server/src/db/schema';
import { createMemberDirectly, SESSION_SETTINGS, signSessionToken } from '../apps/server/src/modules/auth';
import { lockWallets, postEntry } from '../apps/server/src/modules/wallet';
import { deriveSecrets } from '../apps/server/src/secrets';
import { freePort } from '../apps/server/test/free-port';
import { generatedMemberId, targetCount, targetId } from './targets.mjs';

export { generatedMemberId, targetCount, targetId };
/** A viewer's targets (targets.mjs): the k-th member of a type is g = 2k + first. */
export type TargetRange = {
  first: 1 | 2;
  count: number;
  start: number;
  historyFrom: number;
  historyLength: number;
};

export const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');
export const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A database kept by an earlier run (BENCH_KEEP) to measure on again: its work folder. */
const REUSED = process.env.BENCH_REUSE;
/** The secrets the servers run with: a kept database's own (its sessions are signed with them). */
const SECRETS: { auth: string; messageKeys: string; idDocumentKeys: string } = REUSED
  ? JSON.parse(readFileSync(join(REUSED, 'bench.json'), 'utf8')).secrets
  : {
      auth: randomBytes(36).toString('base64url'),
      // Production with an external database needs the message keys given (every instance shares them).
      messageKeys: `bench:${randomBytes(32).toString('base64')}`,
      idDocumentKeys: `bench-id:${randomBytes(32).toString('base64')}`,
    };
const AUTH_SECRET = SECRETS.auth;
const MESSAGE_KEYS = SECRETS.messageKeys;
const ID_DOCUMENT_KEYS = SECRETS.idDocumentKeys;
/** Production with an external database needs a VAPID key (web push); benchmarks subscribe no device. */
const VAPID_PRIVATE_KEY = randomBytes(32).toString('base64url');

/** A signed-in viewer (tier 4, in Miami) and the members of the other type it may swipe on (targets.mjs). */
export type Viewer = { id: string; cookie: string; targets: TargetRange };

const FIRST_NAMES = [
  'Olivia',
  'Emma',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Anastasia',
  'Diana',
  'Hannah',
  'Victoria',
  'Valentina',
  'Camila',
  'Luna',
  'Scarlett',
  'Aria',
  'Layla',
  'Liam',
  'Noah',
  'Oliver',
  'Elijah',
  'James',
  'William',
  'Benjamin',
  'Lucas',
  'Henry',
  'Alexander',
  'Sebastian',
  'Mateo',
  'Daniel',
  'Michael',
  'Jackson',
  'Adrian',
  'Christian',
  'Julian',
  'Nathan',
  'Leonardo',
];

/**
 * Writes the profiles inside the database with generate_series: seconds, not minutes. Ids are
 * 00000000-0000-4000-8000-<hex g>. Members live around the ten launch cities (±0.15°), carry about
 * three of the 24 lifestyle tags, a third are verified, and their activity is spread over ~70 days.
 * The type follows g's parity and the city g / 2, so each city holds both types alike (with the city
 * from g alone, each city held one type: a viewer of the other found no one near, and the deck's
 * near walk read the whole city on every page, decision 073).
 */
async function seedProfiles(handle: DatabaseHandle) {
  const id = (g: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
  const names = sql.raw(`array[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}]`);
  const cityLat = sql.raw(`array[${CITIES.map((c) => c.lat).join(',')}]::float8[]`);
  const cityLng = sql.raw(`array[${CITIES.map((c) => c.lng).join(',')}]::float8[]`);
  const tags = sql.raw(`array[${LIFESTYLE_TAGS.map((t) => `'${t}'`).join(',')}]`);
  await handle.db.execute(sql`
    insert into users (id, email, name)
    select ${id('g')}, 'bench-' || g || '@bench.test', 'Bench ' || g from generate_series(1, ${PROFILES}) g`);
  await handle.db.execute(sql`
    insert into profiles (user_id, name, age, tier_level, tier_subscription_active, tier_subscription_ends_at,
      user_type, gender, last_active, popularity_score, is_sponsored, verified, looking_for, lifestyle_tags,
      lat, lng, geo_lat, geo_lng, city, state, bio, onboarded_at)
    select ${id('g')}, (${names})[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' || g, 21 + (g % 40), g % 5, true,
      now() + interval '365 days',
      (case when g % 2 = 0 then 'men' else 'women' end)::user_type,
      (case when g % 2 = 0 then 'male' else 'female' end)::gender,
      now() - ((g * 7919) % 100000) * interval '1 minute', (g * 31) % 100, g % 97 = 0, g % 3 = 0,
      (array['short_term','long_term','uncomplicated','luxury_experiences'])[1 + (g / 7) % 4]::looking_for,
      array(select t from unnest(${tags}) with ordinality u(t, i) where ((g * 31 + i * 17) * 2654435761) % 7 = 0),
      lat, lng, round(lat / 0.05) * 0.05 + ((g * 13) % 50) / 1000.0 - 0.025,
      round(lng / 0.05) * 0.05 + ((g * 29) % 50) / 1000.0 - 0.025,
      'City', 'ST', 'Benchmark member who enjoys travel, fine dining and quiet weekends.', now()
    from (select g, (${cityLat})[1 + (g / 2) % 10] + ((g * 37) % 300 - 150) / 1000.0 as lat,
                 (${cityLng})[1 + (g / 2) % 10] + ((g * 53) % 300 - 150) / 1000.0 as lng
          from generate_series(1, ${PROFILES}) g) s`);
  await handle.db.execute(sql`insert into safety_settings (user_id) select user_id from profiles`);
  // Through the compliance gate, as every member who uses the app is (the age check skipped).
  await handle.db.execute(sql`
    insert into user_compliance (user_id, terms_accepted_at, terms_version, privacy_accepted_at, privacy_version,
      age_check_skipped_at)
    select user_id, now(), ${TERMS_VERSION}, now(), ${PRIVACY_VERSION}, now() from profiles`);
  // Bulk-loaded as an import would be: the photos go in without the trigger that copies each member's
  // photo ids to the profile (apps/server/src/db/sql/photos_copy_ids.sql), whose plan, made while the
  // new table has no statistics, can probe it once per member; then the copies are made in one pass by
  // the function it calls.
  await handle.db.execute(sql`alter table photos disable trigger photos_ids_copy_insert`);
  await handle.db.execute(
    sql`insert into photos (user_id, position, key_large, key_small, key_blur, width, height, status, ai_checked_at)
        select user_id, 0, 'bench/l', 'bench/s', 'bench/b', 1080, 1350, 'approved', now() from profiles`,
  );
  await handle.db.execute(sql`alter table photos enable trigger photos_ids_copy_insert`);
  await handle.db.execute(sql`analyze photos`);
  await handle.db.execute(sql`select copy_photo_ids_to_profiles(array(select user_id from profiles))`);
  await seedSwipeHistory(handle);
  // One member in fifty has blocked someone: a feed or search that read the whole blocks table on
  // every page would show here.
  await handle.db.execute(sql`
    insert into user_blocks (blocker_id, blocked_id)
    select ${sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid`)},
      ${sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(1 + (g * 7919) % ${PROFILES}), 12, '0'))::uuid`)}
    from generate_series(50, ${sql.raw(String(PROFILES))}, 50) g
    where g <> 1 + (g * 7919) % ${sql.raw(String(PROFILES))}
    on conflict do nothing`);
}

/** Swipes each generated member has already given: enough that the tables have a live database's shape. */
const SWIPES_PER_MEMBER = 8;

/**
 * A history of swipes between the generated members (each gives SWIPES_PER_MEMBER to members of the
 * other type, about two in three of them likes), the like counts they add up to, and a like notice
 * for each like. Without it the swipe and notification tables start empty and PostgreSQL plans their
 * lookups for an empty table (a sequential scan, kept by a prepared statement long after the table
 * has grown), which a live database never does. The viewers' own targets are untouched: no benchmark
 * swipe repeats one of these.
 */
async function seedSwipeHistory(handle: DatabaseHandle) {
  const id = (g: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
  const total = sql.raw(String(PROFILES));
  // Odd steps pair an even g with an odd one: men with women.
  await handle.db.execute(sql`
    insert into swipe_actions (swiper_id, target_id, direction, created_at)
    select ${id('g')}, ${id(`1 + (g + k * 2 * 7919) % ${PROFILES}`)},
      (case when (g + k) % 3 = 0 then 'left' else 'right' end)::swipe_direction,
      now() - ((g * 13 + k * 101) % 60000) * interval '1 minute'
    from generate_series(1, ${total}) g, generate_series(1, ${sql.raw(String(SWIPES_PER_MEMBER))}) k
    on conflict do nothing`);
  await handle.db.execute(sql`
    update profiles p set like_count = c.likes
    from (select target_id, count(*)::int as likes from swipe_actions where direction <> 'left' group by target_id) c
    where p.user_id = c.target_id`);
  await handle.db.execute(sql`
    insert into notifications (user_id, type, title, message, link, dedupe_key, is_read, created_at)
    select target_id, 'like', 'New Like', 'Someone liked you', '/app',
      'like:' || swiper_id || ':' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), (swiper_id < target_id), created_at
    from swipe_actions where direction <> 'left'
    on conflict do nothing`);
}

/** The signed cookie of a session token, as the benchmark's servers will accept it. */
export const sessionCookie = (token: string) =>
  `rc.session_token=${encodeURIComponent(signSessionToken(token, AUTH_SECRET))}`;

export type Member = { id: string; cookie: string };
export type Match = { id: string; user1: string; user2: string };

/**
 * Generated members 1…count as members who chat: paid, verified and at tier 3 (every one of them may
 * write), each signed in (session token `${tokenPrefix}${g}`, as sign-in writes it: not yet due for
 * the daily refresh), and matched in pairs (1,2), (3,4) … (a woman and a man) whose conversation has
 * started, so the match stays open however long a kept database lives; a pair with a block between
 * them is left unmatched. Only what is missing is written: a kept database is used as it is.
 */
export async function seedChatPairs(
  handle: DatabaseHandle,
  count: number,
  tokenPrefix: string,
): Promise<{ members: Member[]; matches: Match[] }> {
  const id = (g: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
  const last = generatedMemberId(count);
  const generated = (column: string) =>
    sql.raw(`${column} <= '${last}'::uuid and ${column}::text like '00000000-0000-4000-8000-%'`);
  await handle.db.execute(sql`
    update profiles set tier_level = 3, verified = true, tier_subscription_active = true
    where ${generated('user_id')} and (tier_level <> 3 or not verified or not tier_subscription_active)`);
  // Members who write have confirmed their e-mail (issue 35: an unconfirmed member cannot message).
  await handle.db.execute(sql`
    update users set email_verified = true where ${generated('id')} and not email_verified`);
  await handle.db.execute(sql`
    insert into sessions (token, user_id, expires_at)
    select ${tokenPrefix} || g, ${id('g')}, now() + ${`${SESSION_SETTINGS.expiresInSeconds} seconds`}::interval
    from generate_series(1, ${count}) g
    on conflict (token) do nothing`);
  await handle.db.execute(sql`
    insert into matches (user1_id, user2_id, expires_at, conversation_started_at)
    select a, b, now() + ${`${MATCH_EXPIRY_MS} milliseconds`}::interval, now()
    from (select ${id('g')} as a, ${id('g + 1')} as b from generate_series(1, ${count} - 1, 2) g) pairs
    where not exists (select 1 from user_blocks k
                      where (k.blocker_id = a and k.blocked_id = b) or (k.blocker_id = b and k.blocked_id = a))
    on conflict do nothing`);
  // The rows just written get their statistics, as a live database's would have.
  await handle.db.execute(sql`analyze profiles, sessions, matches`);
  const rows = await handle.db.execute<{ id: string; user1_id: string; user2_id: string }>(
    sql`select id, user1_id, user2_id from matches where ${generated('user1_id')} and ${generated('user2_id')}`,
  );
  return {
    members: Array.from({ length: count }, (_, i) => ({
      id: generatedMemberId(i + 1),
      cookie: sessionCookie(`${tokenPrefix}${i + 1}`),
    })),
    matches: rows.rows.map((r) => ({ id: r.id, user1: r.user1_id, user2: r.user2_id })),
  };
}

/** Money in a member's wallet the way a paid deposit posts it: one balanced ledger entry. */
export async function fundWallet(handle: DatabaseHandle, userId: string, cents: number) {
  await handle.db.transaction(async (tx) => {
    const wallets = await lockWallets(tx, [userId]);
    await postEntry(tx, wallets, {
      type: 'deposit',
      description: 'benchmark funds',
      legs: [
        { userId, account: 'wallet', amountCents: cents },
        { platform: 'provider_clearing', amountCents: -cents },
      ],
    });
  });
}

/** A connection to the seeded database (close it before the server is started on PGlite). */
export function openBenchDatabase(database: BenchDatabase): Promise<DatabaseHandle> {
  return createDatabase(
    database.url ? { databaseUrl: database.url } : { dataDir: join(database.dataDir as string, 'db') },
  );
}

/** Swipes each viewer has given before the benchmark starts (fewer when many viewers share a type). */
const VIEWER_HISTORY = 400;
/** Generated members of each type (the smaller, men: even g). */
const MEMBERS_PER_TYPE = Math.floor(PROFILES / 2);
/** The platform, search and realtime benchmarks' viewers; the mixed load asks for more. */
const DEFAULT_VIEWERS = 20;
/** The fewest places between two viewers' first targets. */
const MIN_APART = 100;

/**
 * Where each viewer's swipes start, in the other type's user id order (`apart` places apart), and
 * where its history lies (`historyStart` + i × `history`, past every viewer's first targets). The
 * first `apart` targets of each viewer are its own; after them it goes on into the next viewer's,
 * which that viewer, swiping at the same pace, has left behind (targets.mjs). For 20 viewers on the
 * benchmark's 100,000 profiles: 2,000 apart and 400 swipes of history each; for the mixed load's 200
 * viewers the histories (125 each) and the spacing (250) shrink so that all of it fits in one type.
 */
function viewerLayout(viewers: number) {
  const perType = Math.ceil(viewers / 2);
  const fullHistory = MEMBERS_PER_TYPE - viewers * VIEWER_HISTORY >= MIN_APART * perType;
  const history = fullHistory ? VIEWER_HISTORY : Math.floor(MEMBERS_PER_TYPE / (2 * viewers));
  const apart = Math.min(2000, Math.floor((MEMBERS_PER_TYPE - viewers * history) / perType));
  if (apart < MIN_APART)
    throw new Error(
      `BENCH_PROFILES=${PROFILES} is too few for ${viewers} viewers: seed at least ${(4 * perType * MIN_APART).toLocaleString()}`,
    );
  return { history, apart, historyStart: perType * apart };
}

/** Tier-4 viewers in Miami (they see every tier), each signed in with a session written directly. */
async function createViewers(handle: DatabaseHandle, count: number): Promise<Viewer[]> {
  const writer = { locationKey: deriveSecrets(AUTH_SECRET).locationJitter };
  const layout = viewerLayout(count);
  const viewers: Viewer[] = [];
  for (let i = 0; i < count; i += 1) {
    const userType = i % 2 === 0 ? 'men' : 'women';
    const { id } = await createMemberDirectly(handle.db, writer, {
      email: `viewer-${i}@bench.test`,
      name: `Viewer ${i}`,
      acceptedTermsAt: new Date(),
      profile: {
        age: 35,
        tierLevel: 4,
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 365 * 86_400_000),
        userType,
        gender: userType === 'men' ? 'male' : 'female',
        ageRangeMin: 18,
        ageRangeMax: 65,
        location: { lat: 25.76, lng: -80.19 },
      },
    });
    const token = randomBytes(24).toString('base64url');
    await handle.db.insert(sessions).values({
      token,
      userId: id,
      expiresAt: new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
    });
    const wanted = userType === 'men' ? 'women' : 'men';
    const targets: TargetRange = {
      first: wanted === 'women' ? 1 : 2,
      count: wanted === 'women' ? Math.ceil(PROFILES / 2) : Math.floor(PROFILES / 2),
      start: Math.floor(i / 2) * layout.apart,
      historyFrom: layout.historyStart + i * layout.history,
      historyLength: layout.history,
    };
    // A history of its own, as an engaged member has: passes and likes spread over the feed's
    // order, on members none of the viewers reaches in its first `apart` swipes.
    await handle.db.execute(sql`
      insert into swipe_actions (swiper_id, target_id, direction)
      select ${id}, user_id, (case when n % 3 = 0 then 'left' else 'right' end)::swipe_direction
      from (select user_id, row_number() over (order by user_id) as n from profiles
            where user_type = ${wanted} and user_id::text like '00000000-0000-4000-8000-%'
            order by user_id offset ${targets.historyFrom} limit ${targets.historyLength}) h`);
    viewers.push({
      id,
      cookie: sessionCookie(token),
      targets,
    });
  }
  return viewers;
}

export type BenchDatabase = { url?: string; dataDir?: string };
export type Server = { origin: string; pid: number; stop(): Promise<void> };
/** A server bundle and the node flags it runs with: the sides of an A/B (bench:mix). */
export type ServerBuild = { entry: string; nodeArgs: string[] };

/**
 * The settings a benchmark's server runs with (production, this run's shared secrets, limits that
 * one load process from one address never reaches); the fault tests' instances take the same.
 */
export function serverEnvironment(database: BenchDatabase, statementStats = false): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    AUTH_SECRET,
    MESSAGE_KEYS,
    ID_DOCUMENT_KEYS,
    VAPID_PRIVATE_KEY,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'false',
    SEED_DEMO: 'false',
    STATEMENT_STATS: String(statementStats),
    // Benchmarks move no real money.
    PAYMENT_PROVIDER: 'sandbox',
    // The load comes from one address: none of the per-address limits may cut it short.
    API_RATE_LIMIT_PER_ADDRESS: '100000000',
    PAGE_RATE_LIMIT_PER_ADDRESS: '100000000',
    PAGE_RATE_LIMIT_PER_MEMBER: '100000000',
    CONNECTIONS_PER_ADDRESS: '1000000',
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir as string }),
  };
}

/** Starts `node dist/server.js` as production does and waits until it answers. */
export async function startServer(
  database: BenchDatabase,
  statementStats: boolean,
  /** More settings for this server (the photo benchmark's private upload folder); undefined unsets one. */
  env: Record<string, string | undefined> = {},
  /** This bundle and these flags rather than the ones BENCH_SERVER_BUILD and BENCH_SERVER_NODE_ARGS name. */
  build?: ServerBuild,
): Promise<Server> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // BENCH_SERVER_NODE_ARGS adds node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = build?.nodeArgs ?? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_BUILD names another build folder beside apps/server/dist (an A/B of two commits),
  // or an absolute path (another checkout's build, e.g. a git worktree of an earlier commit).
  const entry =
    build?.entry ??
    (process.env.BENCH_SERVER_BUILD
      ? resolve(ROOT, 'apps/server', process.env.BENCH_SERVER_BUILD, 'server.js')
      : SERVER_ENTRY);
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      ...serverEnvironment(database, statementStats),
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health/live`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    pid: child.pid as number,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export type Load = {
  tool: string;
  rps: number;
  p50: number;
  /** null from autocannon, which does not measure it. */
  p95: number | null;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** A load run's plan, as load.mjs reads it. `kind`: plain (no cookie), get (a viewer's cookie), swipe. */
export type LoadPlan = {
  kind: 'plain' | 'get' | 'swipe';
  path: string;
  origin: string;
  connections: number;
  seconds: number;
  viewers: Viewer[];
};

/**
 * How many of each viewer's targets the swipe runs on this database have used (a file in its work
 * folder, so that a kept database reused by a later command goes on from there): each swipe run
 * starts past them, or its swipes would be repeats, refused at a fraction of a swipe's cost.
 */
function swipeCursor(workDir: string, used?: number): number {
  const file = join(workDir, 'swipe-cursor');
  if (used !== undefined) writeFileSync(file, String(used));
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
}

/**
 * Takes the next `count` targets of every viewer for swipes made outside a load run (the statement
 * counts): the n-th one is `targetId(viewer.targets, first + n)`, n from 1, as load runs count them.
 */
export function reserveTargets(workDir: string, count: number): number {
  const first = swipeCursor(workDir);
  swipeCursor(workDir, first + count);
  return first;
}

/** Where a load run's swipes start in every viewer's targets: past those earlier runs used. */
export const swipeOffset = (workDir: string) => swipeCursor(workDir);

/** Records that a load run took each viewer's targets up to `used` (n counted from 1, as load runs do). */
export function recordSwipes(workDir: string, used: number, viewers: Viewer[]) {
  swipeCursor(workDir, used);
  const targets = Math.min(...viewers.map((v) => targetCount(v.targets)));
  if (used > targets)
    console.warn(`the swipe runs used ${used} targets of ${targets} per viewer: later swipes repeat`);
}

/** One load run from a separate process. */
export function load(plan: LoadPlan, workDir: string): Load {
  const file = join(workDir, `plan-${randomBytes(4).toString('hex')}.json`);
  const offset = plan.kind === 'swipe' ? swipeOffset(workDir) : 0;
  writeFileSync(file, JSON.stringify({ ...plan, offset }));
  const out = execFileSync(process.execPath, [join(import.meta.dirname, 'load.mjs'), file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(out.trim().split('\n').at(-1) as string) as Load;
  if (plan.kind === 'swipe')
    recordSwipes(workDir, offset + Math.ceil(result.total / plan.viewers.length) + 1, plan.viewers);
  return result;
}

/** The SQL statements one request ran, from a server started with statement stats. */
export async function statementsOf(origin: string, path: string, cookie: string, init: RequestInit = {}) {
  const res = await fetch(`${origin}${path}`, { ...init, headers: { cookie, origin, ...init.headers } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return Number(res.headers.get('x-statements'));
}

export type Seeded = {
  database: BenchDatabase;
  viewers: Viewer[];
  workDir: string;
  dispose(): Promise<void>;
};

/**
 * Builds the current server as `npm start` does, then a scratch database (PostgreSQL, or PGlite with
 * BENCH_ENGINE=pglite) migrated and seeded with PROFILES profiles and the viewers (20 unless the
 * benchmark asks for more), analysed.
 */
export async function seedBenchDatabase({ viewers: viewerCount = DEFAULT_VIEWERS } = {}): Promise<Seeded> {
  execFileSync('npm', ['run', 'build', '-w', '@royal/server'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(SERVER_ENTRY)) throw new Error(`the server build did not produce ${SERVER_ENTRY}`);
  // BENCH_REUSE=<work folder> measures again on a database an earlier BENCH_KEEP run kept (no seeding).
  if (REUSED) {
    const { database, viewers } = JSON.parse(readFileSync(join(REUSED, 'bench.json'), 'utf8'));
    if (Array.isArray((viewers as Viewer[])[0]?.targets))
      throw new Error(
        `${REUSED} was seeded before targets.mjs (a list of targets per viewer): seed a new one`,
      );
    if ((viewers as Viewer[]).length !== viewerCount)
      throw new Error(
        `${REUSED} holds ${(viewers as Viewer[]).length} viewers and this benchmark needs ${viewerCount}: seed one with it (BENCH_KEEP=1)`,
      );
    // A kept database holds the swipes of every earlier run: each viewer's feed has lost those
    // members, so its feed figures drift from a fresh seed's the more runs it has seen.
    // As on a fresh seed, the viewers were active a moment ago: their first request then counts
    // the session's statements alone, not also the once-a-minute write of their last activity.
    const handle = await openBenchDatabase(database);
    const ids = (viewers as Viewer[]).map((viewer) => viewer.id);
    await handle.db.execute(sql`update profiles set last_active = now() where user_id in ${ids}`);
    await handle.close();
    return { database, viewers, workDir: REUSED, dispose: async () => console.log(`kept: ${REUSED}`) };
  }
  const workDir = mkdtempSync(join(tmpdir(), 'rc-bench-'));
  const started = Date.now();
  let database: BenchDatabase;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (ENGINE === 'postgres') {
    const name = `rc_bench_${randomBytes(4).toString('hex')}`;
    const admin = await createDatabase({ databaseUrl: BASE_URL });
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const url = new URL(BASE_URL);
    url.pathname = `/${name}`;
    database = { url: url.toString() };
    handle = await createDatabase({ databaseUrl: database.url });
    dropDatabase = async () => {
      const again = await createDatabase({ databaseUrl: BASE_URL });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    };
  } else {
    database = { dataDir: workDir };
    handle = await createDatabase({ dataDir: join(workDir, 'db') });
  }
  const dispose = async () => {
    if (process.env.BENCH_KEEP) {
      console.log(`kept: ${database.url ?? database.dataDir} (BENCH_REUSE=${workDir} measures on it again)`);
    } else {
      await dropDatabase();
      rmSync(workDir, { recursive: true, force: true });
    }
  };
  try {
    await migrateDatabase(handle);
    console.log(`${ENGINE}: seeding ${PROFILES.toLocaleString()} profiles…`);
    await seedProfiles(handle);
    const viewers = await createViewers(handle, viewerCount);
    writeFileSync(join(workDir, 'bench.json'), JSON.stringify({ database, viewers, secrets: SECRETS }));
    // As a live database would be: statistics gathered and the bulk load vacuumed, so autovacuum
    // does not start on 100,000 fresh rows in the middle of a measurement, and written out, so the
    // checkpoint that the load's hundreds of megabytes would otherwise start does not either.
    await handle.db.execute(sql`vacuum analyze`);
    await handle.db.execute(sql`checkpoint`);
    await handle.close();
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { database, viewers, workDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** `trivialRps`: the trivial route's req/s this row's ratio is taken against (default: the first row's). */
export type Result = { name: string; load: Load; statements?: string; trivialRps?: number };

/** The results table; the first row is the trivial route the ratios are measured against. */
export function printResults(results: Result[], title: string) {
  const trivial = results[0]?.load.rps ?? 1;
  console.log(`\n${title} · load: ${results[0]?.load.tool ?? '?'} in another process\n`);
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'ratio'.padStart(7)}   statements`,
  );
  for (const { name, load: r, statements, trivialRps } of results) {
    console.log(
      `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p95 ?? '-').padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)} ${(r.rps / (trivialRps ?? trivial)).toFixed(3).padStart(7)}   ${statements ?? '-'}`,
    );
  }
}

import { actorFromPlan, hasAcceptedLegal, type Role, type TierLevel, type UserType } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { EventBus } from '../../adapters/bus';
import type { Db } from '../../db/client';
import { profiles, sessions, totpSecrets, userCompliance, userRoles, users } from '../../db/schema';
import { createDropLedger } from '../../lib/drop-ledger';
import type { ActorResolution, ActorResolver, AuthPort, MemberActor } from '../../ports/auth';
import { sessionCookieName, verifySessionCookie } from './session-cookie';

export type { ActorResolver, MemberActor };

/** How long a resolved actor is reused without asking the database (see docs/decisions/004). */
export const ACTOR_CACHE_TTL_MS = 10_000;
const ACTOR_CACHE_MAX_ENTRIES = 20_000;
/** `last_active` is written at most this often per member. */
export const LAST_ACTIVE_RESOLUTION_MS = 60_000;

type Row = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  name: string;
  tierLevel: number;
  tierSubscriptionActive: boolean;
  tierSubscriptionEndsAt: Date | null;
  isSponsored: boolean;
  verified: boolean;
  emailConfirmed: boolean;
  userType: UserType;
  ageRangeMin: number;
  ageRangeMax: number;
  distancePreference: number;
  geoLat: number | null;
  geoLng: number | null;
  locationSharing: boolean;
  showOnlineStatus: boolean;
  ghostMode: boolean;
  onboarded: boolean;
  lastActive: Date;
  termsVersion: string | null;
  privacyVersion: string | null;
  roles: string[];
  totpEnrolled: boolean;
  secondFactorAt: Date | null;
  restricted: boolean;
};

type Entry = {
  actor: MemberActor;
  cachedUntil: number;
  sessionExpiresAt: number;
  refreshDueAt: number;
  lastActiveAt: number;
};

export type ActorResolverOptions = {
  db: Db;
  auth: AuthPort;
  bus: EventBus;
  secret: string;
  /** Cookies are Secure (https origins): the session cookie's name then has Better Auth's prefix. */
  secureCookies: boolean;
  /** Better Auth's session settings, to know when it would refresh a session. */
  session: { expiresInSeconds: number; updateAgeSeconds: number };
  onBackgroundError: (error: unknown) => void;
  cacheTtlMs?: number;
  now?: () => number;
};

function toActor(row: Row): MemberActor {
  const tier = row.tierLevel as TierLevel;
  return {
    id: row.userId,
    email: row.email,
    sessionId: row.sessionId,
    rules: actorFromPlan(row, row.roles as Role[]),
    tier,
    name: row.name,
    userType: row.userType,
    ageRange: [row.ageRangeMin, row.ageRangeMax],
    distancePreference: row.distancePreference,
    geo:
      row.locationSharing && row.geoLat !== null && row.geoLng !== null
        ? { lat: row.geoLat, lng: row.geoLng }
        : null,
    showsOnline: row.showOnlineStatus,
    ghostMode: row.ghostMode,
    onboarded: row.onboarded,
    legalAccepted: hasAcceptedLegal(row),
    secondFactor: { enrolled: row.totpEnrolled, sessionConfirmed: row.secondFactorAt !== null },
  };
}

/**
 * Session cookie → member in one prepared statement (session, user, profile and roles together),
 * cached per signed session cookie for a few seconds. Every instance drops its cached actors of a member as
 * soon as an `actor.invalidate` message for them crosses the bus; the TTL only bounds how stale an
 * entry can get if such a message were lost. Sign-in, sign-up, sign-out and the daily session
 * refresh stay with Better Auth: a session due for refresh is handed to its getSession, whose new
 * cookie is passed on to the browser.
 */
export function createActorResolver(options: ActorResolverOptions): ActorResolver {
  const { db, bus, secret } = options;
  const now = options.now ?? Date.now;
  const ttl = options.cacheTtlMs ?? ACTOR_CACHE_TTL_MS;
  /** Cached actors by signed session cookie value, and each member's cookie values (to forget them). */
  const cache = new Map<string, Entry>();
  const keysOf = new Map<string, Set<string>>();
  /** Reads under way when their member was forgotten (a sign-out) must not refill the cache. */
  const drops = createDropLedger(ACTOR_CACHE_MAX_ENTRIES);
  const lastTouched = new Map<string, number>();

  const byToken = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: profiles.name,
      tierLevel: profiles.tierLevel,
      tierSubscriptionActive: profiles.tierSubscriptionActive,
      tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
      isSponsored: profiles.isSponsored,
      verified: profiles.verified,
      emailConfirmed: users.emailVerified,
      userType: profiles.userType,
      ageRangeMin: profiles.ageRangeMin,
      ageRangeMax: profiles.ageRangeMax,
      distancePreference: profiles.distancePreference,
      geoLat: profiles.geoLat,
      geoLng: profiles.geoLng,
      locationSharing: profiles.locationSharing,
      showOnlineStatus: profiles.showOnlineStatus,
      ghostMode: profiles.ghostMode,
      onboarded: sql<boolean>`${profiles.onboardedAt} is not null`,
      lastActive: profiles.lastActive,
      termsVersion: userCompliance.termsVersion,
      privacyVersion: userCompliance.privacyVersion,
      roles: sql<
        string[]
      >`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      totpEnrolled: sql<boolean>`exists(select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${users.id} and ${totpSecrets.confirmedAt} is not null)`,
      secondFactorAt: sessions.secondFactorAt,
      // Belt and braces (decision 060): a suspension deletes the member's sessions, but a session
      // that outlived it, or was started meanwhile, must still find no member.
      restricted: sql<boolean>`coalesce(${profiles.suspendedUntil} > now(), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .leftJoin(userCompliance, eq(userCompliance.userId, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('actor_by_session_token');

  // A member who hides their online status is kept to the day: the feed's and browse's order reads
  // last_active, and would otherwise tell the minute (db/sql/copy_card_settings_to_profile.sql
  // truncates it on the setting's change).
  const touchLastActive = db
    .update(profiles)
    .set({
      lastActive: sql`case when ${profiles.showOnlineStatus} then now() else date_trunc('day', now(), 'UTC') end`,
    })
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .prepare('touch_last_active');

  function forget(userIds: readonly string[]) {
    drops.drop(userIds);
    for (const userId of userIds) {
      for (const key of keysOf.get(userId) ?? []) cache.delete(key);
      keysOf.delete(userId);
    }
  }
  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'actor.invalidate') forget(message.userIds);
  });

  function remember(cookieValue: string, entry: Entry) {
    if (cache.size >= ACTOR_CACHE_MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest tenth in one go.
      let drop = Math.ceil(ACTOR_CACHE_MAX_ENTRIES / 10);
      for (const key of cache.keys()) {
        if (drop-- <= 0) break;
        cache.delete(key);
      }
    }
    cache.set(cookieValue, entry);
    let keys = keysOf.get(entry.actor.id);
    if (!keys) {
      keys = new Set();
      keysOf.set(entry.actor.id, keys);
    }
    keys.add(cookieValue);
  }

  /** Activity is recorded in the background, at most once a minute per member; reads never wait for it. */
  function noteActivity(userId: string, lastActive: number) {
    const t = now();
    const last = Math.max(lastTouched.get(userId) ?? 0, lastActive);
    if (t - last < LAST_ACTIVE_RESOLUTION_MS) return;
    if (lastTouched.size > ACTOR_CACHE_MAX_ENTRIES) lastTouched.clear();
    lastTouched.set(userId, t);
    touchLastActive.execute({ userId }).catch(options.onBackgroundError);
  }

  const refreshDueAt = (expiresAt: Date) =>
    expiresAt.getTime() - options.session.expiresInSeconds * 1000 + options.session.updateAgeSeconds * 1000;

  async function load(token: string): Promise<{ row: Row; entry: Entry } | null> {
    const [row] = (await byToken.execute({ token })) as Row[];
    if (!row || row.expiresAt.getTime() <= now() || row.restricted) return null;
    const entry: Entry = {
      actor: toActor(row),
      cachedUntil: now() + ttl,
      sessionExpiresAt: row.expiresAt.getTime(),
      refreshDueAt: refreshDueAt(row.expiresAt),
      lastActiveAt: row.lastActive.getTime(),
    };
    return { row, entry };
  }

  return {
    cookieName: sessionCookieName(options.secureCookies),

    async resolve(
      cookieValue: string | undefined,
      webHeaders: () => Headers,
      { fresh = false }: { fresh?: boolean } = {},
    ): Promise<ActorResolution | null> {
      if (!cookieValue) return null;
      const t = now();
      // Keyed by the whole signed cookie: an entry exists only for a value whose signature was
      // verified when it was cached, so a hit needs no HMAC (a forged value can never be a key).
      const cached = fresh ? undefined : cache.get(cookieValue);
      if (cached && cached.cachedUntil > t && cached.sessionExpiresAt > t && cached.refreshDueAt > t) {
        noteActivity(cached.actor.id, cached.lastActiveAt);
        return { actor: cached.actor, setCookies: [] };
      }
      if (cached) cache.delete(cookieValue);
      const token = verifySessionCookie(cookieValue, secret);
      if (!token) return null;

      const mark = drops.mark();
      let loaded = await load(token);
      if (!loaded) return null;
      let setCookies: string[] = [];
      if (loaded.entry.refreshDueAt <= t) {
        // Better Auth extends the session in the database and sets a fresh cookie; pass it on.
        const refreshed = await options.auth.getSession(webHeaders());
        if (!refreshed) return null;
        setCookies = refreshed.setCookies;
        loaded = await load(token);
        if (!loaded) return null;
      }
      // A read that began before the member was forgotten answers this request, but is not kept: it
      // may have read a session that a sign-out has since deleted, or a plan since changed.
      if (drops.mayKeep(loaded.row.userId, mark)) remember(cookieValue, loaded.entry);
      noteActivity(loaded.row.userId, loaded.entry.lastActiveAt);
      return { actor: loaded.entry.actor, setCookies };
    },

    forget,

    async invalidate(userIds: readonly string[]) {
      forget(userIds);
      await bus.publish({ kind: 'actor.invalidate', userIds });
    },

    close() {
      unsubscribe();
      cache.clear();
      keysOf.clear();
      drops.clear();
    },
  };
}

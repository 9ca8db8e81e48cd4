import { randomBytes, randomUUID } from 'node:crypto';
import type { Role, TierLevel } from '@royal/shared';
import { inject } from 'vitest';
import type { App } from '../src/app';
import { sessions } from '../src/db/schema';
import {
  createMemberDirectly,
  enrolTotpDirectly,
  type MemberActor,
  SESSION_SETTINGS,
  sessionCookieName,
  signSessionToken,
} from '../src/modules/auth';
import type { Session } from './app';

export { FACTORY_PASSWORD } from './factory-password';

const DAY_MS = 86_400_000;

export type MemberOptions = {
  tier?: TierLevel;
  subscriptionActive?: boolean;
  /** When the subscription ends (default: 30 days ahead when active). */
  subscriptionEndsAt?: Date | null;
  sponsored?: boolean;
  verified?: boolean;
  roles?: Role[];
  userType?: 'men' | 'women';
  age?: number;
  ageRange?: [number, number];
  name?: string;
  ghostMode?: boolean;
  lastActive?: Date;
  popularity?: number;
  city?: string;
  state?: string;
  location?: { lat: number; lng: number };
  /** Default true: a member who has finished onboarding. False: just signed up. */
  onboarded?: boolean;
  /** Accepted the current terms and privacy policy (default true: through the compliance gate). */
  compliant?: boolean;
  /** Confirmed their e-mail (default true; false: signed up and not confirmed yet, decision 056). */
  emailConfirmed?: boolean;
  /**
   * Enrolled in TOTP with FACTORY_TOTP_SECRET (decision 057). Default: admins are (admin routes
   * require it), others are not.
   */
  secondFactor?: boolean;
};

/** The TOTP secret factory members enrol with (base32). */
export const FACTORY_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export type TestMember = { id: string; email: string; name: string };

/**
 * A complete member, unique per call, written by the app's one new-member writer (the same as
 * sign-up and the seed), with the factory password and terms accepted.
 */
export async function createMember(app: App, options: MemberOptions = {}): Promise<TestMember> {
  const id = randomUUID();
  const email = `member-${id.slice(0, 8)}@example.test`;
  const tier = options.tier ?? 1;
  const name = options.name ?? `Member ${id.slice(0, 4)}`;
  const active = options.subscriptionActive ?? tier > 0;
  const endsAt =
    options.subscriptionEndsAt !== undefined
      ? options.subscriptionEndsAt
      : active
        ? new Date(Date.now() + 30 * DAY_MS)
        : null;
  await createMemberDirectly(
    app.ctx.db,
    { locationKey: app.ctx.secrets.locationJitter },
    {
      id,
      email,
      name,
      passwordHash: inject('factoryPasswordHash'),
      emailVerified: options.emailConfirmed ?? true,
      roles: options.roles ?? ['user'],
      ...(options.compliant === false ? {} : { acceptedTermsAt: new Date() }),
      onboarded: options.onboarded ?? true,
      profile: {
        age: options.age ?? 30,
        bio: 'Test member',
        gender: options.userType === 'women' ? 'female' : 'male',
        userType: options.userType ?? 'men',
        city: options.city ?? 'Miami',
        state: options.state ?? 'FL',
        tierLevel: tier,
        tierSubscriptionActive: active,
        tierSubscriptionEndsAt: endsAt,
        isSponsored: options.sponsored ?? false,
        verified: options.verified ?? false,
        ghostMode: options.ghostMode ?? false,
        ageRangeMin: options.ageRange?.[0] ?? 18,
        ageRangeMax: options.ageRange?.[1] ?? 65,
        popularityScore: options.popularity ?? 50,
        lastActive: options.lastActive ?? new Date(),
        ...(options.location ? { location: options.location } : {}),
      },
    },
  );
  if (options.secondFactor ?? (options.roles ?? []).includes('admin')) {
    await enrolTotpDirectly(app.ctx.db, app.ctx.config.authSecret, id, FACTORY_TOTP_SECRET);
  }
  return { id, email, name };
}

/**
 * A session for the member, written directly (as Better Auth would after a sign-in) with its signed
 * cookie: no scrypt per test. Journeys through the sign-in route itself live in the auth tests.
 * The session counts as confirmed with a second factor unless `secondFactor` is false.
 */
export async function signInAs(
  app: App,
  member: TestMember,
  expiresAt?: Date,
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<Session> {
  const token = randomBytes(24).toString('base64url');
  await app.ctx.db.insert(sessions).values({
    token,
    userId: member.id,
    expiresAt: expiresAt ?? new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
    secondFactorAt: secondFactor ? new Date() : null,
  });
  const name = sessionCookieName(app.ctx.config.secureCookies);
  return {
    cookie: `${name}=${encodeURIComponent(signSessionToken(token, app.ctx.config.authSecret))}`,
    userId: member.id,
  };
}

export async function signedInMember(app: App, options: MemberOptions = {}) {
  const member = await createMember(app, options);
  return { member, session: await signInAs(app, member) };
}

/** The member as the app resolves them for a request (for calling services directly). */
export async function actorFor(app: App, member: TestMember): Promise<MemberActor> {
  const session = await signInAs(app, member);
  const value = decodeURIComponent(session.cookie.slice(session.cookie.indexOf('=') + 1));
  const resolved = await app.ctx.actors.resolve(value, () => new Headers(), { fresh: true });
  if (!resolved) throw new Error('could not resolve the member');
  return resolved.actor;
}

import type { Actor, TierLevel, UserType } from '@royal/shared';
import type { LatLng } from '../db/geo';

/**
 * The signed-in member behind a request, resolved once and handed to every service: who they are,
 * the facts the shared permission rules read (`rules`), and what discovery needs about them as a
 * viewer. Services never read the member's own profile again for these.
 */
export type MemberActor = {
  id: string;
  email: string;
  sessionId: string;
  rules: Actor;
  tier: TierLevel;
  name: string;
  userType: UserType;
  ageRange: readonly [number, number];
  /** Miles: the deck shows members within it first (shared deck-order.ts). */
  distancePreference: number;
  /**
   * The member's coarse location cell (never the stored point), for distances; null without a
   * location or with Location Sharing off (then they see no distances and cannot filter by one).
   */
  geo: LatLng | null;
  /**
   * Show Online Status: a member who hides theirs sees no one else's either (issue 34): online dots
   * and last active times are mutual, like read receipts.
   */
  showsOnline: boolean;
  ghostMode: boolean;
  /** Finished onboarding (shared nextRequiredStep reads it). */
  onboarded: boolean;
  /** Accepted the current terms and privacy policy: the compliance gate member routes require. */
  legalAccepted: boolean;
  /** TOTP enrolled, and this session confirmed with a second factor: admin work needs both (decision 057). */
  secondFactor: { enrolled: boolean; sessionConfirmed: boolean };
};

export type ActorResolution = {
  actor: MemberActor;
  /** Set-Cookie values to pass on: the auth provider's refreshed session cookie, once a day. */
  setCookies: string[];
};

/**
 * Session cookie → member, cached briefly per instance (modules/auth/actor.ts implements it). The
 * access hook and the pages read the member through it, knowing nothing of how sessions are kept.
 */
export interface ActorResolver {
  /** The name of the cookie that holds the session (its value is what `resolve` takes). */
  readonly cookieName: string;
  /**
   * The member signed in with `cookieValue` (the raw session cookie), or null. `fresh` skips the
   * cache (admin work, payments, password or e-mail changes, account deletion).
   */
  resolve(
    cookieValue: string | undefined,
    webHeaders: () => Headers,
    options?: { fresh?: boolean },
  ): Promise<ActorResolution | null>;
  /** Drops this instance's cached actors of these members (the bus does it for the others). */
  forget(userIds: readonly string[]): void;
  /** Tells every instance, through the bus, to forget these members' cached actors. */
  invalidate(userIds: readonly string[]): Promise<void>;
  close(): void;
}

/** A session as the auth provider knows it. */
export type AuthSession = { userId: string; sessionId: string };

/** An account signed up or signed in, with the Set-Cookie values that start its session. */
export type AuthSignIn = { userId: string; setCookies: string[] };

/**
 * The auth provider refused a request (a taken e-mail, a wrong password, a weak one): `code` is its
 * own code, which the auth module words in ours (modules/auth/service.ts); one it does not word is
 * answered with the provider's status, as any error that carries one (plugins/errors.ts).
 */
export class AuthRefusal extends Error {
  override readonly name = 'AuthRefusal';
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * What our code asks of the auth provider (Better Auth, behind modules/auth/auth.ts), in our own
 * types: users, credentials and sessions are its tables, our routes call it (decision 001). Each
 * call takes the browser's request headers (its cookie); a refusal is thrown as an AuthRefusal.
 */
export interface AuthPort {
  signUpEmail(
    input: { email: string; password: string; name: string },
    headers: Headers,
  ): Promise<AuthSignIn>;
  signInEmail(
    input: { email: string; password: string; rememberMe: boolean },
    headers: Headers,
  ): Promise<AuthSignIn>;
  /**
   * The session the headers' cookie holds, or null. A session due for its daily refresh is extended
   * and `setCookies` carries its new cookie.
   */
  getSession(headers: Headers): Promise<(AuthSession & { setCookies: string[] }) | null>;
  /** Ends every session of the cookie's member. */
  revokeSessions(headers: Headers): Promise<void>;
  /** Ends the cookie's session: the Set-Cookie values that drop it. */
  signOut(headers: Headers): Promise<{ setCookies: string[] }>;
  /**
   * Changes the cookie's member's password, checked against the current one, and ends every session
   * of theirs: this device goes on in a new session, whose cookie `setCookies` carries.
   */
  changePassword(
    input: { currentPassword: string; newPassword: string },
    headers: Headers,
  ): Promise<{ setCookies: string[] }>;
  /** The provider's hash of a new password, for a credential our code writes (a password reset). */
  hashPassword(password: string): Promise<string>;
  /**
   * Starts a session for a member who proved who they are without a password sign-in (the second
   * step of a sign-in, a passkey): its id and the Set-Cookie value that carries it.
   */
  createSession(
    userId: string,
    client: { ipAddress: string | null; userAgent: string | null },
  ): Promise<{ sessionId: string; setCookies: string[] }>;
  /** Whether `password` is the member's own (their e-mail and password credential); false without one. */
  verifyPassword(userId: string, password: string): Promise<boolean>;
}

import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { type AuthPort, AuthRefusal } from '../../ports/auth';
import { sessionSetCookie } from './session-set-cookie';

const DAY_SECONDS = 60 * 60 * 24;

/** Sessions last 30 days; Better Auth extends one (and re-sets its cookie) once a day of use. */
export const SESSION_SETTINGS = {
  expiresInSeconds: 30 * DAY_SECONDS,
  updateAgeSeconds: DAY_SECONDS,
} as const;

export type NewAuthUser = { id: string; email: string; name: string };

type AuthOptions = {
  db: Db;
  config: AppConfig;
  /** Writes the member's own records once Better Auth has written the user row (sign-up). */
  onUserCreated: (user: NewAuthUser) => Promise<void>;
};

/**
 * Better Auth owns users, credentials and sessions. We call its server API from our own routes
 * (see routes.ts) so that validation, rate limits, error codes and OpenAPI stay ours, through the
 * AuthPort (ports/auth.ts): nothing outside this file sees Better Auth's types.
 */
export function createAuth(options: AuthOptions): AuthPort {
  return portOf(betterAuthFor(options), options.db, options.config.authSecret);
}

function betterAuthFor(options: AuthOptions) {
  const { db, config } = options;
  return betterAuth({
    appName: 'Royal Circle',
    baseURL: config.publicOrigin,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [...config.allowedOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
    },
    session: { expiresIn: SESSION_SETTINGS.expiresInSeconds, updateAge: SESSION_SETTINGS.updateAgeSeconds },
    // Our own limiter runs in the route (per account and per address) and shares Redis across instances.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: config.env === 'test' },
    advanced: {
      cookiePrefix: 'rc',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await options.onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
  });
}

type BetterAuth = ReturnType<typeof betterAuthFor>;

const cookiesOf = (headers: Headers | null | undefined) => headers?.getSetCookie() ?? [];

/** Runs a Better Auth call, its refusals thrown as ours (AuthRefusal, its code and status kept). */
async function refusalsAsOurs<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
    throw new AuthRefusal(code, error.statusCode, error.message, { cause: error });
  }
}

/** The calls our code makes, in our own types. */
function portOf(auth: BetterAuth, db: Db, secret: string): AuthPort {
  return {
    signUpEmail: ({ email, password, name }, headers) =>
      refusalsAsOurs(async () => {
        const { headers: replyHeaders, response } = await auth.api.signUpEmail({
          body: { email, password, name },
          headers,
          returnHeaders: true,
        });
        return { userId: response.user.id, setCookies: cookiesOf(replyHeaders) };
      }),
    signInEmail: ({ email, password, rememberMe }, headers) =>
      refusalsAsOurs(async () => {
        const { headers: replyHeaders, response } = await auth.api.signInEmail({
          body: { email, password, rememberMe },
          headers,
          returnHeaders: true,
        });
        return { userId: response.user.id, setCookies: cookiesOf(replyHeaders) };
      }),
    getSession: (headers) =>
      refusalsAsOurs(async () => {
        const { headers: replyHeaders, response } = await auth.api.getSession({
          headers,
          returnHeaders: true,
        });
        if (!response) return null;
        return {
          userId: response.user.id,
          sessionId: response.session.id,
          setCookies: cookiesOf(replyHeaders),
        };
      }),
    revokeSessions: (headers) =>
      refusalsAsOurs(async () => {
        await auth.api.revokeSessions({ headers });
      }),
    signOut: (headers) =>
      refusalsAsOurs(async () => {
        const { headers: replyHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
        return { setCookies: cookiesOf(replyHeaders) };
      }),
    changePassword: ({ currentPassword, newPassword }, headers) =>
      refusalsAsOurs(async () => {
        const { headers: replyHeaders } = await auth.api.changePassword({
          // Every session goes, this one included; Better Auth starts a new one for this device.
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return { setCookies: cookiesOf(replyHeaders) };
      }),
    createSession: async (userId, { ipAddress, userAgent }) => {
      const context = await auth.$context;
      const session = await context.internalAdapter.createSession(userId, false, { ipAddress, userAgent });
      const { name, attributes } = context.authCookies.sessionToken;
      return {
        sessionId: session.id,
        setCookies: [
          sessionSetCookie(name, attributes, session.token, secret, SESSION_SETTINGS.expiresInSeconds),
        ],
      };
    },
    hashPassword: async (password) => (await auth.$context).password.hash(password),
    verifyPassword: async (userId, password) => {
      const context = await auth.$context;
      const [credential] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
        .limit(1);
      if (!credential?.hash) return false;
      return context.password.verify({ hash: credential.hash, password });
    },
  };
}

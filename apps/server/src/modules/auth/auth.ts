import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema';

const DAY_SECONDS = 60 * 60 * 24;

/** Sessions last 30 days; Better Auth extends one (and re-sets its cookie) once a day of use. */
export const SESSION_SETTINGS = {
  expiresInSeconds: 30 * DAY_SECONDS,
  updateAgeSeconds: DAY_SECONDS,
} as const;

export type NewAuthUser = { id: string; email: string; name: string };

/**
 * Better Auth owns users, credentials and sessions. We call its server API from our own routes
 * (see routes.ts) so that validation, rate limits, error codes and OpenAPI stay ours.
 */
export function createAuth(options: {
  db: Db;
  config: AppConfig;
  /** Writes the member's own records once Better Auth has written the user row (sign-up). */
  onUserCreated: (user: NewAuthUser) => Promise<void>;
}) {
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

export type Auth = ReturnType<typeof createAuth>;

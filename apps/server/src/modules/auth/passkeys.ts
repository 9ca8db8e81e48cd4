import { AppError, ErrorCode, type Passkey, type PasskeyOptionsReply } from '@royal/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passkeys, webauthnChallenges } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';
import { startConfirmedSession } from './second-factor';

/**
 * Passkeys (WebAuthn) with SimpleWebAuthn (decision 057): discoverable credentials that need user
 * verification, so a passkey sign-in is both factors at once and counts as a confirmed session.
 * Challenges live in the database, are used once and last five minutes.
 */
const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'Royal Circle';
const PASSKEY_REFUSED = 'This passkey could not be verified. Please try again.';
const PASSKEY_UNKNOWN = 'This passkey is not registered with Royal Circle';

const rpOf = (ctx: AppContext) => ({
  rpID: new URL(ctx.config.publicOrigin).hostname,
  origins: [...ctx.config.allowedOrigins],
});

const toBytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

const present = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const refused = (message = PASSKEY_REFUSED) =>
  new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path: 'response', message }]);

/** Takes a challenge once: deleted as it is read, so a second use finds nothing. */
async function takeChallenge(
  ctx: AppContext,
  id: string,
  purpose: 'register' | 'sign_in',
  userId: string | null,
): Promise<string> {
  const [row] = await ctx.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw refused('This request has expired. Please try again.');
  return row.challenge;
}

async function storeChallenge(
  ctx: AppContext,
  purpose: 'register' | 'sign_in',
  userId: string | null,
  challenge: string,
): Promise<string> {
  // Old challenges are cleared as new ones are made: no job needed.
  await ctx.db.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} < now()`);
  const [row] = await ctx.db
    .insert(webauthnChallenges)
    .values({ purpose, userId, challenge, expiresAt: new Date(Date.now() + CHALLENGE_MS) })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge not stored');
  return row.id;
}

export async function listPasskeys(ctx: AppContext, actor: MemberActor): Promise<Passkey[]> {
  const rows = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(present);
}

/** Options for adding a passkey, after the password (a borrowed session must not add one). */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  actor: MemberActor,
  password: string,
): Promise<PasskeyOptionsReply> {
  if (!(await ctx.auth.verifyPassword(actor.id, password))) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Your password is incorrect', [
      { path: 'password', message: 'Your password is incorrect' },
    ]);
  }
  const existing = await ctx.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id));
  const { rpID } = rpOf(ctx);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: actor.email,
    userDisplayName: actor.name,
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(ctx, 'register', actor.id, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

export async function addPasskey(
  ctx: AppContext,
  actor: MemberActor,
  input: { challenge_id: string; name: string; response: Record<string, unknown> },
): Promise<Passkey> {
  const expectedChallenge = await takeChallenge(ctx, input.challenge_id, 'register', actor.id);
  const { rpID, origins } = rpOf(ctx);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw refused();
  }
  if (!verified.verified) throw refused();
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId: actor.id,
      name: input.name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(ErrorCode.CONFLICT, 'This passkey is already registered');
  return present(row);
}

export async function renamePasskey(ctx: AppContext, actor: MemberActor, id: string, name: string) {
  const [row] = await ctx.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning();
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Passkey not found');
  return present(row);
}

export async function removePasskey(ctx: AppContext, actor: MemberActor, id: string): Promise<void> {
  const gone = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Passkey not found');
}

/** Options for signing in with a passkey: any of the member's (the browser picks). */
export async function passkeySignInOptions(ctx: AppContext): Promise<PasskeyOptionsReply> {
  const options = await generateAuthenticationOptions({ rpID: rpOf(ctx).rpID, userVerification: 'required' });
  const challengeId = await storeChallenge(ctx, 'sign_in', null, options.challenge);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

export async function signInWithPasskey(
  ctx: AppContext,
  input: { challenge_id: string; response: Record<string, unknown> },
  client: { ipAddress: string; userAgent: string | null },
): Promise<{ userId: string; setCookies: string[] }> {
  const expectedChallenge = await takeChallenge(ctx, input.challenge_id, 'sign_in', null);
  const response = input.response as unknown as AuthenticationResponseJSON;
  const [stored] =
    typeof response.id === 'string'
      ? await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id))
      : [];
  if (!stored) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, PASSKEY_UNKNOWN);
  }
  const { rpID, origins } = rpOf(ctx);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: toBytes(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports as AuthenticatorTransportFuture[],
      },
    });
  } catch {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, PASSKEY_REFUSED);
  }
  if (!verified.verified) throw new AppError(ErrorCode.INVALID_CREDENTIALS, PASSKEY_REFUSED);
  await ctx.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, stored.id));
  const { setCookies } = await startConfirmedSession(ctx, stored.userId, client);
  return { userId: stored.userId, setCookies };
}

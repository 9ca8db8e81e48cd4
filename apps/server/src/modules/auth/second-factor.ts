import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  type BackupCodesRegenerateBody,
  type BackupCodesReply,
  CHALLENGE_LOCKED_TEXT,
  CODE_ALREADY_USED_TEXT,
  ErrorCode,
  INVALID_CODE_TEXT,
  SECOND_FACTOR_CHALLENGE_MINUTES,
  SECOND_FACTOR_MAX_ATTEMPTS,
  TOTP_ALREADY_ON_TEXT,
  TOTP_NOT_ON_TEXT,
  type TwoFactorEnrolReply,
  type TwoFactorStatus,
} from '@royal/shared';
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { backupCodes, secondFactorChallenges, sessions, totpSecrets } from '../../db/schema';
import type { AuthSignIn, MemberActor } from '../../ports/auth';
import { withdrawSessions } from './restriction';
import { type CodeCheck, encryptSecret, newTotpSecret, replaceBackupCodes, spendCode, totpFor } from './totp';

/** The cookie that carries a sign-in's pending second step (only to the auth routes). */
export const CHALLENGE_COOKIE = 'rc.second_factor';
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidCode = (check: CodeCheck) =>
  new AppError(ErrorCode.INVALID_CODE, check === 'used' ? CODE_ALREADY_USED_TEXT : INVALID_CODE_TEXT, [
    { path: 'code', message: check === 'used' ? CODE_ALREADY_USED_TEXT : INVALID_CODE_TEXT },
  ]);

const wrongPassword = () =>
  new AppError(ErrorCode.INVALID_CREDENTIALS, 'Your password is incorrect', [
    { path: 'password', message: 'Your password is incorrect' },
  ]);

export async function twoFactorStatus(ctx: AppContext, actor: MemberActor): Promise<TwoFactorStatus> {
  const [left] = await ctx.db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, actor.id), isNull(backupCodes.usedAt)));
  return {
    enabled: actor.secondFactor.enrolled,
    backup_codes_left: actor.secondFactor.enrolled ? (left?.n ?? 0) : 0,
    required: actor.rules.roles.includes('admin'),
    session_confirmed: actor.secondFactor.sessionConfirmed,
  };
}

/** Step one of enrolling: a new secret (unconfirmed until a code from it comes back), as a QR code. */
export async function startEnrolment(
  ctx: AppContext,
  actor: MemberActor,
  password: string,
): Promise<TwoFactorEnrolReply> {
  if (!(await ctx.auth.verifyPassword(actor.id, password))) throw wrongPassword();
  if (actor.secondFactor.enrolled) throw new AppError(ErrorCode.CONFLICT, TOTP_ALREADY_ON_TEXT);
  const secret = newTotpSecret();
  const secretCiphertext = encryptSecret(secret, ctx.config.authSecret);
  const written = await ctx.db
    .insert(totpSecrets)
    .values({ userId: actor.id, secretCiphertext })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secretCiphertext, lastUsedStep: null, createdAt: sql`now()` },
      // A confirmed enrolment is never overwritten (two tabs): it must be removed with a code first.
      setWhere: isNull(totpSecrets.confirmedAt),
    })
    .returning({ userId: totpSecrets.userId });
  if (written.length === 0) throw new AppError(ErrorCode.CONFLICT, TOTP_ALREADY_ON_TEXT);
  const otpauthUri = totpFor(secret, actor.email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauth_uri: otpauthUri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Step two: a code from the new secret turns it on, gives ten backup codes (shown once) and
 * counts as this session's second factor.
 */
export async function confirmEnrolment(
  ctx: AppContext,
  actor: MemberActor,
  code: string,
): Promise<BackupCodesReply> {
  if (actor.secondFactor.enrolled) throw new AppError(ErrorCode.CONFLICT, TOTP_ALREADY_ON_TEXT);
  const check = await spendCode(ctx.db, ctx.config.authSecret, actor.id, code, {
    confirmed: false,
    totpOnly: true,
  });
  if (check !== 'ok') throw invalidCode(check);
  const codes = await ctx.publishAround([{ kind: 'actor.invalidate', userIds: [actor.id] }], () =>
    ctx.db.transaction(async (tx) => {
      await tx.update(totpSecrets).set({ confirmedAt: sql`now()` }).where(eq(totpSecrets.userId, actor.id));
      await tx.update(sessions).set({ secondFactorAt: sql`now()` }).where(eq(sessions.id, actor.sessionId));
      return replaceBackupCodes(tx, actor.id);
    }),
  );
  return { backup_codes: codes };
}

/** Turns TOTP off with a code from it or a backup code; the backup codes go with it. */
export async function disableTotp(ctx: AppContext, actor: MemberActor, code: string): Promise<void> {
  if (!actor.secondFactor.enrolled) throw new AppError(ErrorCode.CONFLICT, TOTP_NOT_ON_TEXT);
  const check = await spendCode(ctx.db, ctx.config.authSecret, actor.id, code);
  if (check !== 'ok') throw invalidCode(check);
  await ctx.publishAround([{ kind: 'actor.invalidate', userIds: [actor.id] }], () =>
    ctx.db.transaction(async (tx) => {
      await tx.delete(totpSecrets).where(eq(totpSecrets.userId, actor.id));
      await tx.delete(backupCodes).where(eq(backupCodes.userId, actor.id));
    }),
  );
}

/**
 * Ten new backup codes, shown once; the old ones stop working in the same transaction. Proven by
 * the password or a code (a backup code too: someone down to their last one renews with it). The
 * enrolment is locked while the codes change, so a removal at the same moment leaves no orphans.
 */
export async function regenerateBackupCodes(
  ctx: AppContext,
  actor: MemberActor,
  proof: BackupCodesRegenerateBody,
): Promise<BackupCodesReply> {
  if (!actor.secondFactor.enrolled) throw new AppError(ErrorCode.CONFLICT, TOTP_NOT_ON_TEXT);
  if (proof.password !== undefined) {
    if (!(await ctx.auth.verifyPassword(actor.id, proof.password))) throw wrongPassword();
  } else {
    const check = await spendCode(ctx.db, ctx.config.authSecret, actor.id, proof.code ?? '');
    if (check !== 'ok') throw invalidCode(check);
  }
  const codes = await ctx.db.transaction(async (tx) => {
    const [enrolled] = await tx
      .select({ userId: totpSecrets.userId })
      .from(totpSecrets)
      .where(and(eq(totpSecrets.userId, actor.id), isNotNull(totpSecrets.confirmedAt)))
      .for('update');
    return enrolled ? replaceBackupCodes(tx, actor.id) : null;
  });
  if (!codes) throw new AppError(ErrorCode.CONFLICT, TOTP_NOT_ON_TEXT);
  return { backup_codes: codes };
}

const challengeCookie = (value: string, maxAge: number, secure: boolean) =>
  `${CHALLENGE_COOKIE}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Drops the pending second step's cookie. */
export const clearChallengeCookie = (secure: boolean) => challengeCookie('', 0, secure);

/**
 * After a right password: a member with TOTP gets no session yet. The one Better Auth just started
 * is deleted before its cookie ever leaves, and a challenge stands in for it; null for a member
 * without TOTP (their sign-in goes on as it was).
 */
export async function holdForSecondFactor(
  ctx: AppContext,
  signedIn: AuthSignIn,
): Promise<{ setCookies: string[] } | null> {
  const [enrolled] = await ctx.db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, signedIn.userId), isNotNull(totpSecrets.confirmedAt)));
  if (!enrolled) return null;
  await withdrawSessions(ctx, signedIn.setCookies);
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insert(secondFactorChallenges).values({
    userId: signedIn.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000),
  });
  return {
    setCookies: [challengeCookie(token, SECOND_FACTOR_CHALLENGE_MINUTES * 60, ctx.config.secureCookies)],
  };
}

const locked = () => new AppError(ErrorCode.CHALLENGE_LOCKED, CHALLENGE_LOCKED_TEXT);

/**
 * The sign-in's second step: a TOTP or backup code for the challenge in the cookie. Each attempt
 * takes one of the challenge's five tries before the code is checked (so tries sent together cannot
 * all be checked); the fifth wrong one locks it, and the password is asked again. A right code
 * spends the challenge and starts a session confirmed with the second factor.
 */
export async function completeSecondFactor(
  ctx: AppContext,
  input: { challenge: string | undefined; code: string; ipAddress: string; userAgent: string | null },
): Promise<{ userId: string; setCookies: string[] }> {
  if (!input.challenge) throw locked();
  const [taken] = await ctx.db
    .update(secondFactorChallenges)
    .set({ failedAttempts: sql`${secondFactorChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(secondFactorChallenges.tokenHash, hashToken(input.challenge)),
        isNull(secondFactorChallenges.usedAt),
        gt(secondFactorChallenges.expiresAt, sql`now()`),
        lt(secondFactorChallenges.failedAttempts, SECOND_FACTOR_MAX_ATTEMPTS),
      ),
    )
    .returning({
      id: secondFactorChallenges.id,
      userId: secondFactorChallenges.userId,
      tries: secondFactorChallenges.failedAttempts,
    });
  if (!taken) throw locked();
  const check = await spendCode(ctx.db, ctx.config.authSecret, taken.userId, input.code);
  if (check !== 'ok') {
    if (taken.tries >= SECOND_FACTOR_MAX_ATTEMPTS) throw locked();
    throw invalidCode(check);
  }
  const [spent] = await ctx.db
    .update(secondFactorChallenges)
    .set({ usedAt: sql`now()`, failedAttempts: sql`${secondFactorChallenges.failedAttempts} - 1` })
    .where(and(eq(secondFactorChallenges.id, taken.id), isNull(secondFactorChallenges.usedAt)))
    .returning({ id: secondFactorChallenges.id });
  if (!spent) throw locked();
  const started = await startConfirmedSession(ctx, taken.userId, input);
  return {
    userId: taken.userId,
    setCookies: [...started.setCookies, clearChallengeCookie(ctx.config.secureCookies)],
  };
}

/** A session started by a second factor (the TOTP step, a passkey): admin work may use it. */
export async function startConfirmedSession(
  ctx: AppContext,
  userId: string,
  client: { ipAddress: string; userAgent: string | null },
): Promise<{ setCookies: string[] }> {
  const { sessionId, setCookies } = await ctx.auth.createSession(userId, client);
  await ctx.db.update(sessions).set({ secondFactorAt: sql`now()` }).where(eq(sessions.id, sessionId));
  return { setCookies };
}

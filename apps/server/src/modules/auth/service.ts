import {
  AppError,
  type ChangePasswordBody,
  CURRENT_PASSWORD_WRONG_TEXT,
  ErrorCode,
  passwordProblem,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AuthRefusal, type AuthSignIn, type MemberActor } from '../../ports/auth';
import { signUpBehindInvite } from '../waitlist';
import { spendOpenLinks } from './email-links';
import { expiredSessionCookie } from './session-cookie';

type Credentials = { email: string; password: string };

/** Better Auth's own error codes, turned into ours with the spec's wording. */
function translate(error: unknown): never {
  if (error instanceof AuthRefusal) {
    const { code } = error;
    if (code.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError(ErrorCode.EMAIL_TAKEN);
    }
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_PASSWORD' || code === 'USER_NOT_FOUND') {
      throw new AppError(ErrorCode.INVALID_CREDENTIALS);
    }
    if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
      throw new AppError(ErrorCode.WEAK_PASSWORD, error.message);
    }
    if (code === 'INVALID_EMAIL') throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid email address');
  }
  throw error;
}

export async function signUp(
  ctx: AppContext,
  input: Credentials & { invite_code?: string | undefined },
  headers: Headers,
): Promise<AuthSignIn> {
  const problem = passwordProblem(input.password, input.email);
  if (problem) throw new AppError(ErrorCode.WEAK_PASSWORD, problem);
  try {
    // Invite-only: the code is checked and consumed in the account's own transaction (decision 055).
    return await signUpBehindInvite(ctx, { email: input.email, inviteCode: input.invite_code }, () =>
      ctx.auth.signUpEmail({ email: input.email, password: input.password, name: 'New User' }, headers),
    );
  } catch (error) {
    // Two sign-ups of one e-mail at the same moment both pass Better Auth's check for the address;
    // the later insert meets the unique key, and Better Auth reports only that it failed to create
    // the user. The address being taken now is what that means.
    if (isFailedCreate(error) && (await emailTaken(ctx, input.email)))
      throw new AppError(ErrorCode.EMAIL_TAKEN);
    translate(error);
  }
}

const isFailedCreate = (error: unknown) =>
  error instanceof AuthRefusal && error.code === 'FAILED_TO_CREATE_USER';

/** Whether an account holds the address, as Better Auth stores it (trimmed, lower case). */
async function emailTaken(ctx: AppContext, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}

const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const TOO_MANY_ON_ACCOUNT =
  'Too many sign-in attempts on this account. Please try again within the hour, or from a network you have signed in from before.';

/**
 * Counts the attempt as a failure *before* the password is checked, and refuses it once that takes
 * a count over its limit. Counting only after the slow password hash (scrypt) let guesses sent
 * together all read the same count and all be checked. Each add is atomic (Redis INCR, or the
 * single-threaded in-memory add), so at most `limit` attempts get through per window.
 *
 * The account-wide count is taken only once the address is within its own limit: guesses refused
 * from a locked-out address must not add up to locking the owner out everywhere. An address the
 * account signed in from in the last 30 days is not held to the account-wide ceiling at all (nor
 * counted in it): a guesser with many addresses locks out only addresses the owner has never used.
 * Says whether the attempt was counted account-wide, for the sign-in to take back.
 */
async function reserveAttempt(ctx: AppContext, account: string, accountAndAddress: string) {
  const { perAccountAndAddress, perAccount, knownAddresses } = ctx.signInFailures;
  const limits = ctx.config.rateLimits;
  if ((await perAccountAndAddress.add(accountAndAddress)) > limits.authFailuresPerAccountPer15Min) {
    throw new AppError(ErrorCode.RATE_LIMITED, TOO_MANY_ATTEMPTS);
  }
  if ((await knownAddresses.count(accountAndAddress)) > 0) return { countedAccountWide: false };
  if ((await perAccount.add(account)) > limits.authFailuresPerAccountPerHour) {
    // Refused by the account-wide ceiling, not by this address: the attempt was never checked, so it
    // must not count against the address either (the owner retrying would extend their own lockout).
    await perAccountAndAddress.remove(accountAndAddress);
    throw new AppError(ErrorCode.RATE_LIMITED, TOO_MANY_ON_ACCOUNT);
  }
  return { countedAccountWide: true };
}

/**
 * Failed attempts are counted per account *and address* (15 minutes) and per account from anywhere
 * (an hour, with a much higher ceiling). A stranger guessing from one place locks only their own
 * address out of that account — the owner signs in from theirs — while a guesser spread over many
 * addresses still meets the account-wide ceiling, which holds back every address but those the
 * owner signed in from in the last 30 days. Past a limit every attempt is refused, right or wrong,
 * so the answer teaches nothing.
 */
export async function signIn(
  ctx: AppContext,
  input: Credentials,
  from: { address: string; headers: Headers },
): Promise<AuthSignIn> {
  const account = input.email.toLowerCase();
  const accountAndAddress = `${account}|${from.address}`;
  const { countedAccountWide } = await reserveAttempt(ctx, account, accountAndAddress);
  const { perAccountAndAddress, perAccount, knownAddresses } = ctx.signInFailures;
  // Takes back the account-wide reservation (one, never the rest: the owner's own sign-in must not
  // wipe a distributed guesser's tally), when this attempt made one.
  const takeBackAccountWide = () => (countedAccountWide ? perAccount.remove(account) : undefined);
  try {
    const signedIn = await ctx.auth.signInEmail(
      { email: input.email, password: input.password, rememberMe: true },
      from.headers,
    );
    // The right password clears this address's count and makes it known for 30 days from now.
    await Promise.all([
      perAccountAndAddress.reset(accountAndAddress),
      takeBackAccountWide(),
      knownAddresses.reset(accountAndAddress).then(() => knownAddresses.add(accountAndAddress)),
    ]);
    return signedIn;
  } catch (error) {
    // Only a refused sign-in is a failure; one of ours (the database away) gives the attempt back.
    if (!(error instanceof AuthRefusal)) {
      await Promise.all([perAccountAndAddress.remove(accountAndAddress), takeBackAccountWide()]);
    }
    translate(error);
  }
}

/** Ends this device's session, or every session of the member when `scope` is global. */
export async function signOut(
  ctx: AppContext,
  scope: 'local' | 'global',
  headers: Headers,
): Promise<string[]> {
  const session = await ctx.auth.getSession(headers);
  if (!session) {
    // Already signed out: still tell the browser to drop whatever cookie it holds.
    return [expiredSessionCookie(ctx.config.secureCookies)];
  }
  // Every instance forgets the member's cached sessions and closes their sockets now, not when the
  // cache entry runs out: the message is recorded before Better Auth deletes the session, so it
  // reaches them even if this process dies right after (decision 034).
  return ctx.publishAround([{ kind: 'actor.invalidate', userIds: [session.userId] }], async () => {
    if (scope === 'global') await ctx.auth.revokeSessions(headers);
    const { setCookies } = await ctx.auth.signOut(headers);
    return setCookies;
  });
}

/**
 * Changes the member's password after checking the current one, and signs out every other session
 * (decision 049): each instance forgets the member's cached sessions and closes their sockets, as a
 * global sign-out does; this device goes on with the new session's cookie. A wrong current password
 * is INVALID_CREDENTIALS on the field, and nothing changes.
 */
export async function changePassword(
  ctx: AppContext,
  { actor, input, headers }: { actor: MemberActor; input: ChangePasswordBody; headers: Headers },
): Promise<string[]> {
  const problem = passwordProblem(input.new_password, actor.email);
  if (problem)
    throw new AppError(ErrorCode.WEAK_PASSWORD, problem, [{ path: 'new_password', message: problem }]);
  try {
    return await ctx.publishAround([{ kind: 'actor.invalidate', userIds: [actor.id] }], async () => {
      const { setCookies } = await ctx.auth.changePassword(
        { currentPassword: input.current_password, newPassword: input.new_password },
        headers,
      );
      // A recovery link asked for before the change must not undo it (decision 056).
      await spendOpenLinks(ctx.db, actor.id, 'reset_password');
      return setCookies;
    });
  } catch (error) {
    if (error instanceof AuthRefusal && error.code === 'INVALID_PASSWORD') {
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, CURRENT_PASSWORD_WRONG_TEXT, [
        { path: 'current_password', message: CURRENT_PASSWORD_WRONG_TEXT },
      ]);
    }
    translate(error);
  }
}

import { AppError, ErrorCode, passwordProblem } from '@royal/shared';
import { APIError } from 'better-auth/api';
import type { AppContext } from '../../context';

type Credentials = { email: string; password: string };
type AuthReply = { userId: string; setCookies: string[] };

const cookiesOf = (headers: Headers | null | undefined) => headers?.getSetCookie() ?? [];

/** Better Auth's own error codes, turned into ours with the spec's wording. */
function translate(error: unknown): never {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
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

export async function signUp(ctx: AppContext, input: Credentials, headers: Headers): Promise<AuthReply> {
  const problem = passwordProblem(input.password, input.email);
  if (problem) throw new AppError(ErrorCode.WEAK_PASSWORD, problem);
  try {
    const { headers: replyHeaders, response } = await ctx.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: 'New User' },
      headers,
      returnHeaders: true,
    });
    return { userId: response.user.id, setCookies: cookiesOf(replyHeaders) };
  } catch (error) {
    translate(error);
  }
}

/**
 * Failed attempts are counted per account; past the limit the account refuses every attempt, right
 * or wrong, until the window passes, so a guesser learns nothing from the answer.
 */
export async function signIn(ctx: AppContext, input: Credentials, headers: Headers): Promise<AuthReply> {
  const accountKey = input.email.toLowerCase();
  const failures = await ctx.signInFailures.count(accountKey);
  if (failures >= ctx.config.rateLimits.authFailuresPerAccountPer15Min) {
    throw new AppError(
      ErrorCode.RATE_LIMITED,
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  }
  try {
    const { headers: replyHeaders, response } = await ctx.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await ctx.signInFailures.reset(accountKey);
    return { userId: response.user.id, setCookies: cookiesOf(replyHeaders) };
  } catch (error) {
    if (error instanceof APIError) await ctx.signInFailures.add(accountKey);
    translate(error);
  }
}

/** Ends this device's session, or every session of the member when `scope` is global. */
export async function signOut(
  ctx: AppContext,
  scope: 'local' | 'global',
  headers: Headers,
): Promise<string[]> {
  const session = await ctx.auth.api.getSession({ headers });
  if (!session) {
    // Already signed out: still tell the browser to drop whatever cookie it holds.
    return ['rc.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'];
  }
  if (scope === 'global') await ctx.auth.api.revokeSessions({ headers });
  const { headers: replyHeaders } = await ctx.auth.api.signOut({ headers, returnHeaders: true });
  return cookiesOf(replyHeaders);
}

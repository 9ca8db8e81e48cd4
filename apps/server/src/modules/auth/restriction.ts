import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AccountRestriction,
  AppError,
  type EnforcementKind,
  type EnforcementReason,
  ErrorCode,
  enforcementReasonText,
} from '@royal/shared';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { enforcementActions, sessions } from '../../db/schema';
import type { AuthSignIn } from '../../ports/auth';
import { sessionCookieName, verifySessionCookie } from './session-cookie';

// A suspended or banned member at sign-in (issue 37, decision 060): their right password (and second
// factor) is answered with why, and with a short-lived appeal cookie that lets them file their one
// appeal without a session. A wrong password never gets this far, so it reveals nothing.

/** The cookie that lets a refused member appeal (only to the auth routes). */
export const APPEAL_COOKIE = 'rc.appeal';
const APPEAL_COOKIE_MINUTES = 30;

/** The action in force: not lifted, and a suspension whose end is still ahead (enforcement_actions_live_key). */
export const liveActionOf = (memberId: string | SQL): SQL =>
  and(
    eq(enforcementActions.memberId, memberId),
    isNull(enforcementActions.liftedAt),
    or(isNull(enforcementActions.until), gt(enforcementActions.until, sql`now()`)),
  ) as SQL;

export type RestrictingAction = {
  id: string;
  kind: EnforcementKind;
  reasonCode: EnforcementReason;
  until: Date | null;
  appealedAt: Date | null;
};

/** The member's action in force, if any. */
export async function liveRestriction(db: Db, memberId: string): Promise<RestrictingAction | null> {
  const [row] = await db
    .select({
      id: enforcementActions.id,
      kind: enforcementActions.kind,
      reasonCode: enforcementActions.reasonCode,
      until: enforcementActions.until,
      appealedAt: enforcementActions.appealedAt,
    })
    .from(enforcementActions)
    .where(liveActionOf(memberId));
  return row ?? null;
}

/** What the member is told of an action: at sign-in and in their open tabs. */
export function restrictionOf(action: RestrictingAction): AccountRestriction {
  return {
    kind: action.kind,
    reason_code: action.reasonCode,
    reason_text: enforcementReasonText(action.reasonCode),
    until: action.until ? action.until.toISOString() : null,
    can_appeal: action.appealedAt === null,
    appealed: action.appealedAt !== null,
  };
}

/** The refusal a restricted member meets, carrying the restriction in `details`. */
export function restrictedError(restriction: AccountRestriction): AppError {
  const code = restriction.kind === 'ban' ? ErrorCode.ACCOUNT_BANNED : ErrorCode.ACCOUNT_SUSPENDED;
  return new AppError(code, undefined, restriction);
}

const appealSignature = (payload: string, secret: string) =>
  createHmac('sha256', `appeal:${secret}`).update(payload).digest('base64url');

const appealCookie = (value: string, maxAge: number, secure: boolean) =>
  `${APPEAL_COOKIE}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;

/** Drops the appeal cookie (the appeal was sent). */
export const clearAppealCookie = (secure: boolean) => appealCookie('', 0, secure);

/**
 * The action the appeal cookie names, while its signature holds and it has not run out; null
 * otherwise. Stateless: the action's row says whether it was appealed already.
 */
export function actionOfAppealCookie(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): string | null {
  if (!value) return null;
  const [actionId, expires, signature] = value.split('.');
  if (!actionId || !expires || !signature) return null;
  const expected = Buffer.from(appealSignature(`${actionId}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) > now ? actionId : null;
}

/** Deletes the sessions the sign-in just started and leaves their cookies out of the reply. */
export async function withdrawSessions(ctx: AppContext, setCookies: readonly string[]): Promise<string[]> {
  const name = sessionCookieName(ctx.config.secureCookies);
  const kept: string[] = [];
  for (const cookie of setCookies) {
    if (!cookie.startsWith(`${name}=`)) {
      kept.push(cookie);
      continue;
    }
    const value = decodeURIComponent(cookie.slice(name.length + 1).split(';')[0] ?? '');
    const token = verifySessionCookie(value, ctx.config.authSecret);
    if (token) await ctx.db.delete(sessions).where(eq(sessions.token, token));
  }
  return kept;
}

/**
 * After a sign-in proved who the member is: null when nothing restricts them (the sign-in goes on);
 * otherwise the session it started is withdrawn and the refusal comes back with the cookies to set
 * (the appeal cookie while an appeal is still possible).
 */
export async function refuseRestricted(
  ctx: AppContext,
  signedIn: AuthSignIn,
): Promise<{ error: AppError; setCookies: string[] } | null> {
  const action = await liveRestriction(ctx.db, signedIn.userId);
  if (!action) return null;
  const setCookies = await withdrawSessions(ctx, signedIn.setCookies);
  const restriction = restrictionOf(action);
  if (restriction.can_appeal) {
    const expires = Date.now() + APPEAL_COOKIE_MINUTES * 60_000;
    const payload = `${action.id}.${expires}`;
    const value = `${payload}.${appealSignature(payload, ctx.config.authSecret)}`;
    setCookies.push(appealCookie(value, APPEAL_COOKIE_MINUTES * 60, ctx.config.secureCookies));
  }
  return { error: restrictedError(restriction), setCookies };
}

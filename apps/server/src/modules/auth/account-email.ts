import {
  AppError,
  type ChangeEmailBody,
  CONFIRMATION_SENT_TEXT,
  CURRENT_PASSWORD_WRONG_TEXT,
  EMAIL_ALREADY_CONFIRMED_TEXT,
  EMAIL_CHANGE_SAME_TEXT,
  EMAIL_CHANGE_SENT_TEXT,
  EMAIL_CHANGED_TEXT,
  EMAIL_CONFIRMED_TEXT,
  ErrorCode,
  LINK_INVALID_TEXT,
  PASSWORD_RESET_DONE_TEXT,
  passwordProblem,
  RECOVERY_SENT_TEXT,
  type ResetPasswordBody,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema';
import { replyNoSoonerThan } from '../../lib/reply-floor';
import type { MemberActor } from '../../ports/auth';
import { queueEmail, renderMail } from '../mail';
import {
  issueLinkToken,
  LINKS_PER_ACCOUNT_PER_HOUR,
  linksSentLastHour,
  linkUrl,
  spendLinkToken,
  spendOpenLinks,
} from './email-links';

// E-mail confirmation, password recovery and e-mail change (decision 056). Every link is one of
// ours (email-links.ts); Better Auth keeps the password hash and the sessions, which a reset
// replaces and ends here.

const TOO_MANY_LINKS =
  'We already sent several links in the last hour. Please check your email or try again later.';

/**
 * Queues the confirmation link for the member's address, in the caller's transaction (sign-up,
 * resend). Earlier confirmation links stay good until they expire: any of them confirms.
 */
export async function sendEmailConfirmation(
  tx: Db,
  origin: string,
  member: { userId: string; email: string },
): Promise<void> {
  const token = await issueLinkToken(tx, {
    userId: member.userId,
    purpose: 'confirm_email',
    email: member.email,
  });
  await queueEmail(tx, {
    to: member.email,
    ...renderMail({
      title: 'Confirm your e-mail',
      paragraphs: [
        'Welcome to the Royal Circle. Please confirm that this is your e-mail address to unlock messaging and payments.',
        'The link works once and expires in 24 hours. If you did not create an account, you can ignore this e-mail.',
      ],
      action: { label: 'Confirm e-mail', url: linkUrl(origin, 'confirm_email', token) },
      kind: 'security',
    }),
  });
}

/** Resends the confirmation link to a signed-in member whose address is not confirmed yet. */
export async function resendEmailConfirmation(ctx: AppContext, actor: MemberActor): Promise<string> {
  await ctx.transact(async ({ tx }) => {
    const [user] = await tx
      .select({ email: users.email, confirmed: users.emailVerified })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED);
    if (user.confirmed) throw new AppError(ErrorCode.CONFLICT, EMAIL_ALREADY_CONFIRMED_TEXT);
    if ((await linksSentLastHour(tx, actor.id, 'confirm_email')) >= LINKS_PER_ACCOUNT_PER_HOUR) {
      throw new AppError(ErrorCode.RATE_LIMITED, TOO_MANY_LINKS);
    }
    await sendEmailConfirmation(tx, ctx.config.publicOrigin, { userId: actor.id, email: user.email });
  });
  return CONFIRMATION_SENT_TEXT;
}

const invalidLink = () =>
  new AppError(ErrorCode.VALIDATION_FAILED, LINK_INVALID_TEXT, [
    { path: 'token', message: LINK_INVALID_TEXT },
  ]);

/**
 * Opens a confirmation link: the sign-up's (the address is confirmed, if the account still has it)
 * or an e-mail change's (the new address takes over, if it is still free, and the old one is told).
 * Anyone holding the link may open it, signed in or not: the link is the proof.
 */
export async function confirmEmail(ctx: AppContext, token: string): Promise<string> {
  return ctx.transact(async ({ tx, publish }) => {
    const confirmation = await spendLinkToken(tx, 'confirm_email', token);
    if (confirmation) {
      const confirmed = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, confirmation.userId), eq(users.email, confirmation.email)))
        .returning({ id: users.id });
      // The account has another address since the link was sent: it confirms nothing.
      if (confirmed.length === 0) throw invalidLink();
      publish({ kind: 'actor.invalidate', userIds: [confirmation.userId] });
      return EMAIL_CONFIRMED_TEXT;
    }
    const change = await spendLinkToken(tx, 'change_email', token);
    if (!change) throw invalidLink();
    const [old] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, change.userId))
      .for('update');
    if (!old) throw invalidLink();
    if (await addressTaken(tx, change.email, change.userId)) throw new AppError(ErrorCode.EMAIL_TAKEN);
    await tx
      .update(users)
      .set({ email: change.email, emailVerified: true })
      .where(eq(users.id, change.userId));
    // One change at a time: any other pending change of this account is void now.
    await spendOpenLinks(tx, change.userId, 'change_email');
    await spendOpenLinks(tx, change.userId, 'confirm_email');
    await queueEmail(tx, {
      to: old.email,
      ...renderMail({
        title: 'Your e-mail address was changed',
        paragraphs: [
          `The e-mail address of your Royal Circle account is now ${change.email}. Sign in with it from now on.`,
          'If you did not make this change, reset your password at once from the sign-in screen and contact support.',
        ],
        kind: 'security',
      }),
    });
    publish({ kind: 'actor.invalidate', userIds: [change.userId] });
    return EMAIL_CHANGED_TEXT;
  });
}

async function addressTaken(tx: Db, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined && row.id !== exceptUserId;
}

/**
 * How soon a recovery request may answer: well above the time a known address takes (a lookup, a
 * count, a link and a mail written in one transaction, some tens of milliseconds), so both kinds of
 * address answer at the floor.
 */
export const RECOVERY_REPLY_FLOOR_MS = 250;

/**
 * A recovery request: the link goes out when an account holds the address (at most
 * LINKS_PER_ACCOUNT_PER_HOUR an hour), and the reply is the same text, at the same time, either way,
 * so neither its words nor its timing tell whether an address has an account. A new link voids the
 * account's earlier ones.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<string> {
  return replyNoSoonerThan(RECOVERY_REPLY_FLOOR_MS, () => sendRecoveryLink(ctx, email));
}

async function sendRecoveryLink(ctx: AppContext, email: string): Promise<string> {
  await ctx.transact(async ({ tx }) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return;
    if ((await linksSentLastHour(tx, user.id, 'reset_password')) >= LINKS_PER_ACCOUNT_PER_HOUR) return;
    await spendOpenLinks(tx, user.id, 'reset_password');
    const token = await issueLinkToken(tx, { userId: user.id, purpose: 'reset_password', email: user.email });
    await queueEmail(tx, {
      to: user.email,
      ...renderMail({
        title: 'Reset your password',
        paragraphs: [
          'Someone asked to reset the password of your Royal Circle account. Choose a new one with the link below.',
          'The link works once and expires in 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
        ],
        action: { label: 'Reset password', url: linkUrl(ctx.config.publicOrigin, 'reset_password', token) },
        kind: 'security',
      }),
    });
  });
  return RECOVERY_SENT_TEXT;
}

/**
 * Sets a new password from a recovery link and signs out every session of the member (their
 * sockets close with the actor.invalidate). The link is spent only when the new password is taken:
 * a refused password (the same rules as sign-up) leaves it usable. Opening it also proves the
 * address, which counts as confirming it.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordBody): Promise<string> {
  return ctx.transact(async ({ tx, publish }) => {
    const link = await spendLinkToken(tx, 'reset_password', input.token);
    if (!link) throw invalidLink();
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, link.userId))
      .for('update');
    if (!user) throw invalidLink();
    const problem = passwordProblem(input.new_password, user.email);
    if (problem) {
      throw new AppError(ErrorCode.WEAK_PASSWORD, problem, [{ path: 'new_password', message: problem }]);
    }
    const hash = await ctx.auth.hashPassword(input.new_password);
    const updated = await tx
      .update(accounts)
      .set({ password: hash })
      .where(and(eq(accounts.userId, link.userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) throw invalidLink();
    await spendOpenLinks(tx, link.userId, 'reset_password');
    await tx.delete(sessions).where(eq(sessions.userId, link.userId));
    if (link.email === user.email) {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, link.userId));
    }
    await queueEmail(tx, {
      to: user.email,
      ...renderMail({
        title: 'Your password was reset',
        paragraphs: [
          'The password of your Royal Circle account was just reset, and every device was signed out.',
          'If this was not you, ask for a new reset link from the sign-in screen at once and contact support.',
        ],
        kind: 'security',
      }),
    });
    publish({ kind: 'actor.invalidate', userIds: [link.userId] });
    return PASSWORD_RESET_DONE_TEXT;
  });
}

/**
 * Asks to change the member's address: the current password is checked, the new address must be
 * free, and a link goes to it; the address changes only when that link is opened (confirmEmail).
 */
export async function requestEmailChange(
  ctx: AppContext,
  actor: MemberActor,
  input: ChangeEmailBody,
): Promise<string> {
  if (input.new_email === actor.email.toLowerCase()) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, EMAIL_CHANGE_SAME_TEXT, [
      { path: 'new_email', message: EMAIL_CHANGE_SAME_TEXT },
    ]);
  }
  if (!(await ctx.auth.verifyPassword(actor.id, input.password))) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, CURRENT_PASSWORD_WRONG_TEXT, [
      { path: 'password', message: CURRENT_PASSWORD_WRONG_TEXT },
    ]);
  }
  await ctx.transact(async ({ tx }) => {
    if (await addressTaken(tx, input.new_email)) {
      throw new AppError(ErrorCode.EMAIL_TAKEN, undefined, [
        { path: 'new_email', message: 'An account with this email already exists' },
      ]);
    }
    if ((await linksSentLastHour(tx, actor.id, 'change_email')) >= LINKS_PER_ACCOUNT_PER_HOUR) {
      throw new AppError(ErrorCode.RATE_LIMITED, TOO_MANY_LINKS);
    }
    // The latest request is the one that counts.
    await spendOpenLinks(tx, actor.id, 'change_email');
    const token = await issueLinkToken(tx, {
      userId: actor.id,
      purpose: 'change_email',
      email: input.new_email,
    });
    await queueEmail(tx, {
      to: input.new_email,
      ...renderMail({
        title: 'Confirm your new e-mail address',
        paragraphs: [
          'You asked to use this address for your Royal Circle account. Confirm it with the link below; until then your account keeps its current address.',
          'The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.',
        ],
        action: {
          label: 'Confirm new address',
          url: linkUrl(ctx.config.publicOrigin, 'change_email', token),
        },
        kind: 'security',
      }),
    });
  });
  return EMAIL_CHANGE_SENT_TEXT;
}

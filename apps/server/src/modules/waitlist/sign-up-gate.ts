import {
  AppError,
  ErrorCode,
  INVITE_INVALID_TEXT,
  REFERRAL_LIMIT_TEXT,
  REFERRAL_USES_PER_MONTH,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { runInTransaction } from '../../db/ambient';
import type { Db } from '../../db/client';
import { invites, profiles } from '../../db/schema';
import { referralsThisMonth } from './referral';

const INVITE_ELSEWHERE_TEXT =
  'This invite was sent to another e-mail address. Sign up with the address it was sent to.';

type Claim = { kind: 'invite'; inviteId: string } | { kind: 'referral'; inviterId: string };

/**
 * The code, locked for this sign-up: a waitlist invite (unused, unexpired, for this address) or a
 * member's referral code with a use left this month. The row lock (the invite's, or the inviter's
 * profile's) makes sign-ups with the same code wait for each other: the next one reads the code as
 * the first left it (used, or one use fewer) once the first commits or rolls back.
 */
async function claim(tx: Db, code: string, email: string): Promise<Claim> {
  const [invite] = await tx
    .select({ id: invites.id, email: invites.email, usedAt: invites.usedAt, expiresAt: invites.expiresAt })
    .from(invites)
    .where(eq(invites.code, code))
    .for('update');
  if (invite) {
    const expired = invite.expiresAt !== null && invite.expiresAt.getTime() <= Date.now();
    if (invite.usedAt !== null || expired) throw new AppError(ErrorCode.INVITE_INVALID, INVITE_INVALID_TEXT);
    if (invite.email !== null && invite.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError(ErrorCode.INVITE_INVALID, INVITE_ELSEWHERE_TEXT);
    }
    return { kind: 'invite', inviteId: invite.id };
  }
  const [inviter] = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.inviteCode, code))
    .for('update');
  if (!inviter) throw new AppError(ErrorCode.INVITE_INVALID, INVITE_INVALID_TEXT);
  if ((await referralsThisMonth(tx, inviter.userId)) >= REFERRAL_USES_PER_MONTH) {
    throw new AppError(ErrorCode.INVITE_INVALID, REFERRAL_LIMIT_TEXT);
  }
  return { kind: 'referral', inviterId: inviter.userId };
}

/**
 * Sign-up behind the invite rule (decision 055). Without a code: refused while the server is
 * invite-only (INVITE_REQUIRED), otherwise the account is made as before. With a code (checked
 * whenever one is given): one transaction locks the code, runs `createAccount` — Better Auth's
 * sign-up, whose writes and our member-records hook join this transaction through ambientDb — and
 * records the code's use on the new account. A refused code, a taken e-mail or any failure rolls
 * back the whole: no account without its code used, no code used without its account.
 */
export async function signUpBehindInvite<T extends { userId: string }>(
  ctx: AppContext,
  input: { email: string; inviteCode: string | undefined },
  createAccount: () => Promise<T>,
): Promise<T> {
  const { inviteCode } = input;
  if (!inviteCode) {
    if (ctx.config.inviteOnly) throw new AppError(ErrorCode.INVITE_REQUIRED);
    return createAccount();
  }
  return ctx.transact(async ({ tx }) => {
    const claimed = await claim(tx, inviteCode, input.email);
    const created = await runInTransaction(tx, createAccount);
    if (claimed.kind === 'invite') {
      await tx
        .update(invites)
        .set({ usedBy: created.userId, usedAt: new Date() })
        .where(eq(invites.id, claimed.inviteId));
    } else {
      await tx
        .update(profiles)
        .set({ invitedBy: claimed.inviterId })
        .where(eq(profiles.userId, created.userId));
    }
    return created;
  });
}

import { AppError, ErrorCode, type SecondFactorResetReply } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  backupCodes,
  passkeys,
  secondFactorChallenges,
  sessions,
  totpSecrets,
  users,
  webauthnChallenges,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { MemberActor } from '../../ports/auth';
import { queueEmail, renderMail } from '../mail';

export const OWN_SECOND_FACTOR_TEXT = 'Use Settings → Security to change your own two-factor authentication';

/**
 * An admin removes another member's second factor (a lost phone with no backup codes left, which
 * decision 057 left to the database): TOTP, backup codes, passkeys and any half-done sign-in or
 * passkey step, and every session of theirs ends, so whoever holds the old device is out too. The
 * member is told by e-mail and the reset is in the audit trail, in the same transaction. An admin's
 * own factor is changed in Settings, where a code proves it is them.
 */
export async function resetSecondFactor(
  ctx: AppContext,
  admin: MemberActor,
  memberId: string,
  ip: string | null = null,
): Promise<SecondFactorResetReply> {
  if (memberId === admin.id) throw new AppError(ErrorCode.FORBIDDEN, OWN_SECOND_FACTOR_TEXT);
  return ctx.transact(async ({ tx, publish }) => {
    const [member] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, memberId))
      .for('update');
    if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'Member not found');
    const totp = await tx
      .delete(totpSecrets)
      .where(eq(totpSecrets.userId, memberId))
      .returning({ confirmedAt: totpSecrets.confirmedAt });
    await tx.delete(backupCodes).where(eq(backupCodes.userId, memberId));
    await tx.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, memberId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, memberId));
    const keys = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, memberId))
      .returning({ id: passkeys.id });
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, memberId))
      .returning({ id: sessions.id });
    const reply: SecondFactorResetReply = {
      totp_removed: totp.some((row) => row.confirmedAt !== null),
      passkeys_removed: keys.length,
      signed_out: ended.length,
    };
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'second_factor_reset',
      reasonCode: 'admin_reset',
      targetType: 'user',
      targetId: memberId,
      data: reply,
      ip,
    });
    await queueEmail(tx, {
      to: member.email,
      ...renderMail({
        title: 'Your two-factor authentication was reset',
        paragraphs: [
          'A Royal Circle admin removed the two-factor authentication and passkeys of your account, as asked, and signed out every device.',
          'Sign in with your password, then turn two-factor on again in Settings → Security. If you did not ask for this, reset your password at once and contact support.',
        ],
        kind: 'security',
      }),
    });
    // Cached actors go and the member's sockets close on every instance.
    publish({ kind: 'actor.invalidate', userIds: [memberId] });
    return reply;
  });
}

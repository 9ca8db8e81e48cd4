import {
  APPEAL_ALREADY_SENT_TEXT,
  APPEAL_EXPIRED_TEXT,
  APPEAL_NOT_NEEDED_TEXT,
  APPEAL_SENT_TEXT,
  AppError,
  type EnforcementAppealBody,
  type EnforcementAppealReply,
  ErrorCode,
} from '@royal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { enforcementActions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { actionOfAppealCookie } from '../auth';

/**
 * A restricted member's one appeal, from the sign-in screen, without a session: the appeal cookie
 * their refused sign-in set names the action (signed, 30 minutes). Once per action, held by the
 * statement itself (only a row not yet appealed is written); an action lifted meanwhile takes none.
 */
export async function fileAppeal(
  ctx: AppContext,
  { cookie, input, ip }: { cookie: string | undefined; input: EnforcementAppealBody; ip: string | null },
): Promise<EnforcementAppealReply> {
  const actionId = actionOfAppealCookie(cookie, ctx.config.authSecret);
  if (!actionId) throw new AppError(ErrorCode.UNAUTHENTICATED, APPEAL_EXPIRED_TEXT);
  await ctx.transact(async ({ tx }) => {
    const [filed] = await tx
      .update(enforcementActions)
      .set({ appealText: input.text.trim(), appealedAt: sql`now()` })
      .where(
        and(
          eq(enforcementActions.id, actionId),
          isNull(enforcementActions.appealedAt),
          isNull(enforcementActions.liftedAt),
        ),
      )
      .returning({ memberId: enforcementActions.memberId, reasonCode: enforcementActions.reasonCode });
    if (!filed) {
      const [action] = await tx
        .select({ liftedAt: enforcementActions.liftedAt })
        .from(enforcementActions)
        .where(eq(enforcementActions.id, actionId));
      throw new AppError(
        ErrorCode.CONFLICT,
        action?.liftedAt ? APPEAL_NOT_NEEDED_TEXT : APPEAL_ALREADY_SENT_TEXT,
      );
    }
    await writeAudit(tx, {
      actorId: filed.memberId,
      action: 'enforcement.appeal_submitted',
      reasonCode: filed.reasonCode,
      targetType: 'user',
      targetId: filed.memberId,
      data: { action_id: actionId, before: { appeal: null }, after: { appeal: 'open' } },
      ip,
    });
  });
  return { message: APPEAL_SENT_TEXT };
}

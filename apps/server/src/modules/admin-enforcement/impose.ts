import {
  ALREADY_RESTRICTED_TEXT,
  AppError,
  CANNOT_ACT_ON_ADMIN_TEXT,
  type EnforcementAction,
  type EnforcementKind,
  type EnforcementReason,
  ErrorCode,
  type SuspensionDays,
  suspensionEnd,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { enforcementActions, sessions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type MemberActor, restrictionOf } from '../auth';
import { MEMBER_NOT_FOUND_TEXT } from './member-enforcement';
import { closeRunOut, lockedTarget, presentAction, selectActions, setSuspendedUntil } from './queries';

export type Imposed = {
  admin: MemberActor;
  memberId: string;
  reason: EnforcementReason;
  note: string;
  ip: string | null;
} & ({ kind: 'suspend'; days: SuspensionDays } | { kind: Extract<EnforcementKind, 'ban'> });

/**
 * Suspends or bans a member, in one transaction: the action, the lists' copy on the profile, the
 * member's sessions deleted, an audit row. After the commit their open tabs are told why
 * (`account.restricted`) and only then every instance forgets their cached actor and closes their
 * sockets (`actor.invalidate`, in that order in one outbox row). Admins are out of reach, the
 * acting admin included; a member already restricted must be lifted first.
 */
export async function imposeAction(ctx: AppContext, input: Imposed): Promise<EnforcementAction> {
  const { admin, memberId } = input;
  const id = await ctx.transact(async (work) => {
    const target = await lockedTarget(work.tx, memberId);
    if (!target) throw new AppError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND_TEXT);
    if (target.isAdmin || memberId === admin.id)
      throw new AppError(ErrorCode.FORBIDDEN, CANNOT_ACT_ON_ADMIN_TEXT);
    await closeRunOut(work.tx, memberId);
    const until = input.kind === 'suspend' ? suspensionEnd(new Date(), input.days) : null;
    const [row] = await work.tx
      .insert(enforcementActions)
      .values({
        memberId,
        kind: input.kind,
        reasonCode: input.reason,
        note: input.note,
        until,
        createdBy: admin.id,
      })
      .onConflictDoNothing()
      .returning({ id: enforcementActions.id, appealedAt: enforcementActions.appealedAt });
    if (!row) throw new AppError(ErrorCode.CONFLICT, ALREADY_RESTRICTED_TEXT);
    await setSuspendedUntil(work.tx, memberId, until ?? 'infinity');
    await work.tx.delete(sessions).where(eq(sessions.userId, memberId));
    await writeAudit(work.tx, {
      actorId: admin.id,
      action: `member.${input.kind}`,
      reasonCode: input.reason,
      targetType: 'user',
      targetId: memberId,
      data: {
        action_id: row.id,
        before: { restricted: false },
        after: { kind: input.kind, until: until ? until.toISOString() : null },
        note: input.note,
      },
      ip: input.ip,
    });
    work.publish({
      kind: 'deliver',
      userIds: [memberId],
      event: {
        type: 'account.restricted',
        payload: restrictionOf({
          id: row.id,
          kind: input.kind,
          reasonCode: input.reason,
          until,
          appealedAt: null,
        }),
      },
    });
    work.publish({ kind: 'actor.invalidate', userIds: [memberId] });
    return row.id;
  });
  const [action] = await selectActions(ctx.db).where(eq(enforcementActions.id, id));
  return presentAction(action as NonNullable<typeof action>);
}

import type { EnforcementAction, SuspendBody } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { imposeAction } from './impose';

/** Suspends a member for one of the fixed periods; it ends by itself at its `until`. */
export function suspendMember(
  ctx: AppContext,
  {
    admin,
    memberId,
    input,
    ip,
  }: { admin: MemberActor; memberId: string; input: SuspendBody; ip: string | null },
): Promise<EnforcementAction> {
  return imposeAction(ctx, {
    admin,
    memberId,
    kind: 'suspend',
    days: input.days,
    reason: input.reason_code,
    note: input.note,
    ip,
  });
}

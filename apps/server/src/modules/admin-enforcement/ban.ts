import type { BanBody, EnforcementAction } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { imposeAction } from './impose';

/** Bans a member: no end date; only a lift (by an admin, or an appeal granted) ends it. */
export function banMember(
  ctx: AppContext,
  { admin, memberId, input, ip }: { admin: MemberActor; memberId: string; input: BanBody; ip: string | null },
): Promise<EnforcementAction> {
  return imposeAction(ctx, { admin, memberId, kind: 'ban', reason: input.reason_code, note: input.note, ip });
}

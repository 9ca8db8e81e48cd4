import { type AdminMemberDetail, AppError, ErrorCode } from '@royal/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { presentMemberDetail } from './presenter';
import { memberById, openSessions, reportsAgainst, walletBalance } from './queries';

export const MEMBER_NOT_FOUND_TEXT = 'Member not found';

/** One member for the admins' detail dialog: name, e-mail, tier, money, counts, reports, sessions. */
export async function memberDetail(ctx: AppContext | { db: Db }, id: string): Promise<AdminMemberDetail> {
  const row = await memberById(ctx.db, id);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, MEMBER_NOT_FOUND_TEXT);
  const [walletBalanceCents, reports, sessions] = await Promise.all([
    walletBalance(ctx.db, id),
    reportsAgainst(ctx.db, id),
    openSessions(ctx.db, id),
  ]);
  return presentMemberDetail(row, { walletBalanceCents, reports, sessions });
}

import {
  AppError,
  DELETE_ACCOUNT_PASSWORD_WRONG_TEXT,
  type DeleteAccountBody,
  ErrorCode,
} from '@royal/shared';
import type { AppContext } from '../../context';
import type { Work } from '../../db/transaction';
import { expiredSessionCookie, type MemberActor } from '../auth';
import { idStoreOf } from '../verification';
import { refuseWhileMoneyIsHeld } from './money';
import { scrubMember, storedKeysOf } from './scrub';

/**
 * Delete Account (issue 34, decision 052): the password checked, the money rule, then the member
 * deleted (deleteMember). Returns the Set-Cookie that drops this browser's session.
 */
export async function deleteAccount(
  ctx: AppContext,
  { actor, input }: { actor: MemberActor; input: DeleteAccountBody },
): Promise<string[]> {
  if (!(await ctx.auth.verifyPassword(actor.id, input.password))) {
    throw new AppError(ErrorCode.INVALID_CREDENTIALS, DELETE_ACCOUNT_PASSWORD_WRONG_TEXT, [
      { path: 'password', message: DELETE_ACCOUNT_PASSWORD_WRONG_TEXT },
    ]);
  }
  await deleteMember(ctx, actor.id, async (work) => {
    await refuseWhileMoneyIsHeld(work, actor.id);
    return true;
  });
  return [expiredSessionCookie(ctx.config.secureCookies)];
}

/**
 * The deletion itself, shared by Delete Account and the inactivity job (decision 053) so both delete
 * exactly alike. In one transaction `mayDelete` decides first (the money rule; the job's re-check
 * under lock that the member is still inactive), then the member is pseudonymised and every row with
 * their personal data deleted; after the commit every instance closes their sockets and forgets their
 * cached actors (as a global sign-out does) and the photo, ID and export objects are deleted from
 * storage. Returns false, with nothing changed, when `mayDelete` says no.
 */
export async function deleteMember(
  ctx: AppContext,
  userId: string,
  mayDelete: (work: Work) => Promise<boolean>,
): Promise<boolean> {
  const keys = await ctx.transact(async (work) => {
    if (!(await mayDelete(work))) return null;
    const stored = await storedKeysOf(work, userId);
    await scrubMember(work, userId);
    work.publish({ kind: 'actor.invalidate', userIds: [userId] });
    return stored;
  });
  if (!keys) return false;
  await deleteObjects(ctx, keys);
  return true;
}

/** Best effort after the commit: an object left behind is logged (its row is gone either way). */
async function deleteObjects(ctx: AppContext, keys: readonly string[]) {
  const ids = idStoreOf(ctx);
  const results = await Promise.allSettled(
    keys.map((key) => (key.startsWith('id:') ? ids.delete(key.slice(3)) : ctx.storage.delete(key))),
  );
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed > 0) ctx.log.warn({ failed }, 'account deletion: objects not removed from storage');
}

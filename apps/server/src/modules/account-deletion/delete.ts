import {
  AppError,
  DELETE_ACCOUNT_PASSWORD_WRONG_TEXT,
  type DeleteAccountBody,
  ErrorCode,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { expiredSessionCookie, type MemberActor } from '../auth';
import { idStoreOf } from '../verification';
import { refuseWhileMoneyIsHeld } from './money';
import { scrubMember, storedKeysOf } from './scrub';

/**
 * Delete Account (issue 34, decision 052): the password checked, the money rule, then in one
 * transaction the member pseudonymised and every row with their personal data deleted; after the
 * commit every instance closes their sockets and forgets their cached actors (as a global sign-out
 * does) and the photo, ID and export objects are deleted from storage. Returns the Set-Cookie that
 * drops this browser's session.
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
  const keys = await ctx.transact(async (work) => {
    await refuseWhileMoneyIsHeld(work, actor.id);
    const stored = await storedKeysOf(work, actor.id);
    await scrubMember(work, actor.id, actor.email);
    work.publish({ kind: 'actor.invalidate', userIds: [actor.id] });
    return stored;
  });
  await deleteObjects(ctx, keys);
  return [expiredSessionCookie(ctx.config.secureCookies)];
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

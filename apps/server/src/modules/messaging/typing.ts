import { AppError, ErrorCode, MATCH_EXPIRED_TEXT } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import { matchFor } from './match-access';

// Typing indicators: who may signal typing in a chat, and to whom (the realtime hub's typing path).

/**
 * Whether the actor may signal typing in this match: they belong to it, it is open and no block
 * stands between them. Returns the other member, who alone is told.
 */
export async function typingRecipient(ctx: AppContext, actor: MemberActor, matchId: string): Promise<string> {
  const match = await matchFor(ctx, actor, matchId);
  if (!match.open) throw new AppError(ErrorCode.MATCH_EXPIRED, MATCH_EXPIRED_TEXT);
  return match.otherId;
}

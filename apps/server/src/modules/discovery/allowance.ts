import { type SwipeAllowance, superLikesLeftToday, superLikesPerDay } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boosts, superLikeDays } from '../../db/schema';
import type { MemberActor } from '../auth';

/** Tokens of one kind the member can still spend (what a swipe would take from: db/sql/record_swipes.sql). */
const tokensOf = (userId: string, type: 'super_likes' | 'message_tokens') =>
  sql`coalesce((select sum(${boosts.remaining}) from ${boosts}
    where ${boosts.userId} = ${userId}::uuid and ${boosts.boostType} = ${type}::boost_type
      and ${boosts.remaining} > 0 and (${boosts.activeUntil} is null or ${boosts.activeUntil} > now())), 0)::int`;

/**
 * What the member has left for super likes today (their tier's allowance minus the UTC day's counter)
 * and their Super Likes Pack and message tokens, in one statement (decision 013).
 */
export async function loadSwipeAllowance(
  ctx: AppContext,
  { actor }: { actor: MemberActor },
): Promise<SwipeAllowance> {
  const result = await ctx.db.execute<{ used: number; super_tokens: number; message_tokens: number }>(sql`
    select
      coalesce((select ${superLikeDays.used} from ${superLikeDays}
        where ${superLikeDays.userId} = ${actor.id}::uuid
          and ${superLikeDays.day} = (now() at time zone 'UTC')::date), 0)::int as used,
      ${tokensOf(actor.id, 'super_likes')} as super_tokens,
      ${tokensOf(actor.id, 'message_tokens')} as message_tokens`);
  const row = result.rows[0];
  const used = Number(row?.used ?? 0);
  return {
    super_likes_per_day: superLikesPerDay(actor.tier),
    super_likes_left_today: superLikesLeftToday(actor.tier, used),
    super_like_tokens: Number(row?.super_tokens ?? 0),
    message_tokens: Number(row?.message_tokens ?? 0),
  };
}

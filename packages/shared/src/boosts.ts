import { z } from 'zod';
import { BOOSTS, type BoostType } from './enums';
import { ERROR_MESSAGES } from './errors';
import { type Actor, type PermissionBlock, swipeBlock } from './permissions';
import type { TierLevel } from './tiers';

// How one-time boosts are used (decision 013). The spec sells them but is silent on limits; these
// rules give each pack its meaning, once, for the server that enforces them and the web that shows them.

/**
 * Super likes a member may give per UTC day before a Super Likes Pack token is spent. Counted from a
 * durable per-day counter, so taking a super like back (Remove on My Favorites) does not return it.
 */
export const SUPER_LIKES_PER_DAY: Readonly<Record<TierLevel, number>> = Object.freeze({
  0: 0,
  1: 1,
  2: 3,
  3: 5,
  4: 10,
});

export function superLikesPerDay(tier: TierLevel): number {
  return SUPER_LIKES_PER_DAY[tier];
}

/** The UTC day a super like counts against, as `YYYY-MM-DD`. */
export function superLikeDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const SUPER_LIKE_LIMIT_TEXT = ERROR_MESSAGES.SUPER_LIKE_LIMIT;
export const MESSAGE_TOKEN_REQUIRED_TEXT = `You have no message tokens left. Get ${BOOSTS.message_tokens.name} to contact higher tiers.`;

/** What the member can still spend today, as `GET /api/discovery/allowance` returns it. */
export const swipeAllowanceSchema = z
  .object({
    super_likes_per_day: z.int().min(0).describe('Super likes included per UTC day at this tier'),
    super_likes_left_today: z.int().min(0).describe('Included super likes not yet used today'),
    super_like_tokens: z.int().min(0).describe('Super Likes Pack tokens, spent after the day’s allowance'),
    message_tokens: z.int().min(0).describe('Message tokens: each lets you like one locked higher-tier card'),
  })
  .describe('Super likes and message tokens left');
export type SwipeAllowance = z.infer<typeof swipeAllowanceSchema>;

/** How the next super like would be paid for: the day's allowance, a token, or not at all. */
export function nextSuperLikeSource(allowance: SwipeAllowance): 'allowance' | 'token' | null {
  if (allowance.super_likes_left_today > 0) return 'allowance';
  if (allowance.super_like_tokens > 0) return 'token';
  return null;
}

/** Left today from the tier's allowance and what the day's counter says was used. */
export function superLikesLeftToday(tier: TierLevel, usedToday: number): number {
  return Math.max(0, superLikesPerDay(tier) - usedToday);
}

/** The line shown beside the super like button. */
export function superLikesLeftLabel(allowance: SwipeAllowance): string {
  const tokens = allowance.super_like_tokens;
  const base = `Super likes left today: ${allowance.super_likes_left_today}`;
  return tokens > 0 ? `${base} · ${tokens} token${tokens === 1 ? '' : 's'}` : base;
}

/** The locked card's second offer, when the member holds message tokens. */
export function messageTokenLikeLabel(tokens: number): string {
  return `Like with a message token (${tokens} left)`;
}

/**
 * Boosts that cannot be used yet are not sold; the value is why, shown on the card and in the
 * refusal. None today: the After Dark Pass, held back until events existed, admits to a Freakoff
 * night since issue 36.
 */
export const BOOST_UNAVAILABLE_REASONS: Readonly<Partial<Record<BoostType, string>>> = Object.freeze({});

export function boostUnavailableReason(type: BoostType): string | null {
  return BOOST_UNAVAILABLE_REASONS[type] ?? null;
}

export const PROFILE_BOOST_HIDDEN_TEXT =
  'Your profile is hidden (Ghost Mode, or Profile Visibility set to private), so a Profile Boost could not show it';

/**
 * Why this member cannot use a boost of this kind now, or null: a Profile Boost ranks a profile
 * first in others' feeds, which a hidden profile (ghost mode, private) never enters.
 */
export function boostUselessReason(
  type: BoostType,
  member: { ghostMode: boolean; profileVisibility: string },
): string | null {
  if (type !== 'profile_boost') return null;
  return member.ghostMode || member.profileVisibility === 'private' ? PROFILE_BOOST_HIDDEN_TEXT : null;
}

export const PACK_NEEDS_ACTIVE_PLAN_TEXT =
  'Your subscription is not active. Renew your subscription to use this pack.';

/**
 * Why this member may not buy a pack now, or null: Super Likes Packs and Message Tokens are spent on
 * swipes, so a member who may not swipe (a lapsed plan) is not sold one they cannot use.
 */
export function packBlock(type: BoostType, actor: Actor): PermissionBlock | null {
  if (type !== 'super_likes' && type !== 'message_tokens') return null;
  const block = swipeBlock(actor);
  if (!block) return null;
  return block.code === 'SUBSCRIPTION_INACTIVE'
    ? { code: block.code, message: PACK_NEEDS_ACTIVE_PLAN_TEXT }
    : block;
}

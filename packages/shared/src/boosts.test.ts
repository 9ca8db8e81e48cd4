import { describe, expect, it } from 'vitest';
import {
  boostUnavailableReason,
  messageTokenLikeLabel,
  nextSuperLikeSource,
  PACK_NEEDS_ACTIVE_PLAN_TEXT,
  packBlock,
  SUPER_LIKE_LIMIT_TEXT,
  superLikeDay,
  superLikesLeftLabel,
  superLikesLeftToday,
  superLikesPerDay,
} from './boosts';
import { BOOST_TYPES, BOOSTS } from './enums';

describe('super likes per day', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 3],
    [3, 5],
    [4, 10],
  ] as const)('tier %i gets %i', (tier, count) => {
    expect(superLikesPerDay(tier)).toBe(count);
  });

  it('grows with the tier', () => {
    for (const tier of [1, 2, 3, 4] as const) {
      expect(superLikesPerDay(tier)).toBeGreaterThan(superLikesPerDay((tier - 1) as 0 | 1 | 2 | 3));
    }
  });

  it('leaves what the day has not used, never below zero', () => {
    expect(superLikesLeftToday(2, 0)).toBe(3);
    expect(superLikesLeftToday(2, 2)).toBe(1);
    expect(superLikesLeftToday(2, 3)).toBe(0);
    expect(superLikesLeftToday(1, 7)).toBe(0);
  });

  it('counts the UTC day', () => {
    expect(superLikeDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(superLikeDay(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(superLikeDay(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
  });

  it('spends the allowance first, then a token, then refuses', () => {
    const base = { super_likes_per_day: 3, message_tokens: 0 };
    expect(nextSuperLikeSource({ ...base, super_likes_left_today: 1, super_like_tokens: 4 })).toBe(
      'allowance',
    );
    expect(nextSuperLikeSource({ ...base, super_likes_left_today: 0, super_like_tokens: 1 })).toBe('token');
    expect(nextSuperLikeSource({ ...base, super_likes_left_today: 0, super_like_tokens: 0 })).toBeNull();
  });

  it('labels what is left', () => {
    const base = { super_likes_per_day: 3, message_tokens: 0 };
    expect(superLikesLeftLabel({ ...base, super_likes_left_today: 2, super_like_tokens: 0 })).toBe(
      'Super likes left today: 2',
    );
    expect(superLikesLeftLabel({ ...base, super_likes_left_today: 0, super_like_tokens: 1 })).toBe(
      'Super likes left today: 0 · 1 token',
    );
    expect(superLikesLeftLabel({ ...base, super_likes_left_today: 0, super_like_tokens: 10 })).toBe(
      'Super likes left today: 0 · 10 tokens',
    );
  });

  it('names the pack in the refusal', () => {
    expect(SUPER_LIKE_LIMIT_TEXT).toBe(
      "You've used today's super likes. Get a Super Likes Pack for 10 more.",
    );
    expect(SUPER_LIKE_LIMIT_TEXT).toContain(BOOSTS.super_likes.name);
  });
});

describe('message tokens and unavailable boosts', () => {
  it('labels the locked card offer', () => {
    expect(messageTokenLikeLabel(3)).toBe('Like with a message token (3 left)');
  });

  it('sells every boost, the After Dark Pass included now that events exist', () => {
    expect(BOOST_TYPES.filter((t) => boostUnavailableReason(t) !== null)).toEqual([]);
    expect(boostUnavailableReason('after_dark_pass')).toBeNull();
  });
});

describe('packs', () => {
  const member = (overrides = {}) => ({
    tier_level: 2 as const,
    tier_subscription_active: true,
    tier_subscription_ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    is_sponsored: false,
    verified: true,
    email_confirmed: true,
    roles: ['user' as const],
    ...overrides,
  });

  it('are sold to a member who may swipe, and not to one whose plan lapsed; boosts are not packs', () => {
    expect(packBlock('super_likes', member())).toBeNull();
    const lapsed = member({ tier_subscription_ends_at: new Date(Date.now() - 1000).toISOString() });
    for (const type of ['super_likes', 'message_tokens'] as const) {
      expect(packBlock(type, lapsed)).toEqual({
        code: 'SUBSCRIPTION_INACTIVE',
        message: PACK_NEEDS_ACTIVE_PLAN_TEXT,
      });
    }
    expect(packBlock('profile_boost', lapsed)).toBeNull();
    expect(packBlock('super_likes', member({ tier_level: 0 }))?.code).toBe('TIER_REQUIRED');
  });
});

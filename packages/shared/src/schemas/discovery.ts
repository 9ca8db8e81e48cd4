import { z } from 'zod';
import {
  BODY_TYPES,
  COMPENSATION_PREFERENCES,
  ETHNICITIES,
  LOOKING_FOR,
  SWIPE_DIRECTIONS,
  USER_TYPES,
} from '../enums';
import { profilePromptsSchema } from '../prompts';
import { tierSchema } from '../tiers';
import { uuidInput } from './common';
import { photoSchema, shownRatingSchema } from './me';

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * Another member as every list shows them (feed, browse, interests, chat, realtime). Built by one
 * server presenter; never carries e-mail, exact coordinates, wallet data, settings or the member's
 * view and like counts (theirs to see in Interests, decision 039). Distance comes
 * from coarse location cells and is in whole miles, never below 1; null when either side has no location.
 */
export const memberCardSchema = z
  .object({
    locked: z.literal(false),
    id: z.uuid(),
    name: z.string(),
    age: z.int(),
    city: z.string(),
    state: z.string(),
    bio: z.string(),
    photos: z.array(photoSchema).describe('Approved photos, main photo first'),
    avatar: z.string().nullable(),
    tier_level: tierSchema,
    verified: z.boolean(),
    verified_since: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .nullable()
      .describe('The month (YYYY-MM, UTC) the member became verified; null when not verified'),
    is_sponsored: z.boolean(),
    user_type: z.enum(USER_TYPES),
    looking_for: z.enum(LOOKING_FOR),
    lifestyle_tags: z.array(z.string()),
    prompts: profilePromptsSchema,
    rating_avg: shownRatingSchema,
    distance_miles: z.int().min(1).nullable(),
    online: z.boolean().describe('Active within the last hour (and not hiding their online status)'),
    last_active: isoDateTime.nullable().describe('null when the member hides their online status'),
  })
  .describe('Another member, as lists show them');
export type MemberCard = z.infer<typeof memberCardSchema>;

/**
 * A higher-tier profile shown as a teaser: masked by the server (no name, location, bio or clear
 * photo). Only a pass is accepted on it.
 */
export const lockedCardSchema = z
  .object({
    locked: z.literal(true),
    id: z.uuid(),
    tier_level: tierSchema,
    age: z.int(),
    blurred_photo: z.string().nullable().describe('A server-blurred teaser image'),
    required_tier: tierSchema.describe('Tier the viewer needs to interact'),
  })
  .describe('A locked teaser card above the viewer’s visible tier');
export type LockedCard = z.infer<typeof lockedCardSchema>;

export const feedCardSchema = z.discriminatedUnion('locked', [memberCardSchema, lockedCardSchema]);
export type FeedCard = z.infer<typeof feedCardSchema>;

/** Where a near-first page (the deck, browse) runs past the members within the viewer's preference. */
export const wideningSchema = z
  .object({
    from_index: z.int().min(0).describe('The first card (index in items) beyond the preference'),
    within_miles: z.int().describe('The viewer’s distance preference, for the notice'),
  })
  .nullable()
  .default(null)
  .describe(
    'Set when this page runs past the members within the viewer’s distance preference (none without a location)',
  );
export type Widening = z.infer<typeof wideningSchema>;

export const feedPageSchema = z.object({
  items: z
    .array(feedCardSchema)
    .describe('Up to FEED_PAGE_SIZE visible cards, plus at most one locked teaser per five of them'),
  next_cursor: z.string().nullable().describe('null on the last page'),
  widening: wideningSchema,
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/**
 * A near-first list's page cursor: it may name up to a page of members at one distance (the near
 * walk's ties), so it is longer than most.
 */
export const nearFirstCursorSchema = z
  .string()
  .min(1)
  .max(2048)
  .optional()
  .describe('Opaque cursor from the previous page’s next_cursor');

// The feed's page size is fixed (FEED_PAGE_SIZE), so only the cursor of the common query is taken.
export const feedQuerySchema = z.object({ cursor: nearFirstCursorSchema });
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** Reply of "Start Over": how many of your passes were forgotten, so those profiles come back. */
export const feedResetReplySchema = z.object({
  cleared: z.int().min(0).describe('Passes (left swipes) removed; likes and super likes stay'),
});
export type FeedResetReply = z.infer<typeof feedResetReplySchema>;

export const swipeBodySchema = z.object({
  target_id: uuidInput().describe('The member swiped on'),
  direction: z.enum(SWIPE_DIRECTIONS).describe('left = pass, right = like, up = super like'),
  use_message_token: z
    .boolean()
    .optional()
    .describe(
      'Like or super like a locked higher-tier card by spending one message token (ignored for a card you may see)',
    ),
});
export type SwipeBody = z.infer<typeof swipeBodySchema>;

export const matchSummarySchema = z.object({
  id: z.uuid(),
  expires_at: isoDateTime,
  member: memberCardSchema,
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

export const swipeReplySchema = z.object({
  direction: z.enum(SWIPE_DIRECTIONS),
  target_id: z.uuid(),
  match: matchSummarySchema.nullable().describe('Set when this like completed a mutual match'),
});
export type SwipeReply = z.infer<typeof swipeReplySchema>;

/** The profile page (/profile/{userId}): the card plus the details only the page shows. */
export const memberProfileSchema = memberCardSchema.extend({
  body_type: z.enum(BODY_TYPES).nullable(),
  height: z.string().nullable(),
  ethnicity: z.enum(ETHNICITIES).nullable(),
  compensation_preference: z.enum(COMPENSATION_PREFERENCES),
  travel_willing: z.boolean(),
  discretion_required: z.boolean(),
  open_to_companions_only: z.boolean(),
  my_swipe: z.enum(SWIPE_DIRECTIONS).nullable().describe('How the viewer already swiped on this member'),
  match_id: z.uuid().nullable().describe('The active match between viewer and member, if any'),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

export const INTEREST_KINDS = ['viewed_me', 'favorited_me', 'my_favorites'] as const;
export type InterestKind = (typeof INTEREST_KINDS)[number];

export const interestRowSchema = z.object({
  member: feedCardSchema.describe(
    'The member; one above your visible tier comes masked as a locked card (tier, age, blurred photo)',
  ),
  action: z
    .enum(['viewed', 'super_liked', 'favorite'])
    .describe(
      'Viewed Me rows are viewed (likes, super likes and page views), Favorited Me super_liked, My Favorites favorite',
    ),
  at: isoDateTime,
  match_id: z.uuid().nullable().describe('Active match with this member, so Message can open the chat'),
});
export type InterestRow = z.infer<typeof interestRowSchema>;

export const interestsSchema = z.object({
  stats: z.object({
    profile_views: z.int().describe('view_count on the profile'),
    super_likes: z.int().describe('Members who super liked you'),
    favorites: z.int().describe('Members you super liked'),
  }),
  viewed_me: z.array(interestRowSchema),
  favorited_me: z.array(interestRowSchema),
  my_favorites: z.array(interestRowSchema),
});
export type Interests = z.infer<typeof interestsSchema>;

/** Texts of interest rows, as the spec words them. */
export const INTEREST_ACTION_TEXT: Record<InterestRow['action'], string> = {
  viewed: 'viewed your profile',
  super_liked: 'super liked you',
  favorite: 'in your favorites',
};

/**
 * The photo a feed page shows first (its top card's first photo, or a locked teaser's blurred one):
 * the largest thing the deck paints, so the web app and the server (which hints it to the browser
 * with the page) fetch it early. null without a card or a photo.
 */
export function leadPhotoOf(page: FeedPage | undefined): string | null {
  const top = page?.items[0];
  if (!top) return null;
  return top.locked ? top.blurred_photo : (top.photos[0]?.url ?? null);
}

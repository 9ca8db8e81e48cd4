import type { Role } from './roles';
import { type TierLevel, upgradeToText } from './tiers';

/**
 * The facts every permission rule needs about a member. `Me` and the server's session member both
 * satisfy it, so the UI and the API evaluate the very same functions.
 */
export type Actor = {
  tier_level: TierLevel;
  tier_subscription_active: boolean;
  /** ISO 8601; a subscription counts only until this instant (see isSubscriptionActive). */
  tier_subscription_ends_at: string | null;
  is_sponsored: boolean;
  verified: boolean;
  /**
   * The member confirmed their e-mail address from the link sent at sign-up (decision 056). Until
   * then they may finish onboarding and use the app, but not message or pay.
   */
  email_confirmed: boolean;
  roles: readonly Role[];
};

/** A member's plan as their profile stores it: what the rules read about them, besides roles. */
export type PlanFacts = {
  tierLevel: number;
  tierSubscriptionActive: boolean;
  tierSubscriptionEndsAt: Date | null;
  isSponsored: boolean;
  verified: boolean;
  /** From the account (users.email_verified), not the profile. */
  emailConfirmed: boolean;
};

/** A member as the rules read them, from their stored plan and roles (the server's one mapping). */
export function actorFromPlan(plan: PlanFacts, roles: readonly Role[]): Actor {
  return {
    tier_level: plan.tierLevel as TierLevel,
    tier_subscription_active: plan.tierSubscriptionActive,
    tier_subscription_ends_at: plan.tierSubscriptionEndsAt?.toISOString() ?? null,
    is_sponsored: plan.isSponsored,
    verified: plan.verified,
    email_confirmed: plan.emailConfirmed,
    roles,
  };
}

export const PERMISSION_BLOCK_CODES = [
  'EMAIL_CONFIRMATION_REQUIRED',
  'TIER_REQUIRED',
  'VERIFICATION_REQUIRED',
  'SUBSCRIPTION_INACTIVE',
] as const;
export type PermissionBlockCode = (typeof PERMISSION_BLOCK_CODES)[number];
/** Why an action is refused: the API error code and the text the UI shows (placeholders, alerts). */
export type PermissionBlock = { code: PermissionBlockCode; message: string };
export type SwipeBlock = { code: 'TIER_REQUIRED' | 'SUBSCRIPTION_INACTIVE'; message: string };

/**
 * What the member may do, as capabilitiesOf computes it. Declared here, beside the rules, so the rules
 * import nothing of the schemas; `capabilitiesSchema` (schemas/me.ts) is checked against it.
 */
export type Capabilities = {
  can_swipe: boolean;
  can_message: boolean;
  can_view_profiles: boolean;
  can_create_parties: boolean;
  can_moderate_content: boolean;
  can_manage_users: boolean;
  can_sponsor: boolean;
  can_use_ghost_mode: boolean;
  max_visible_tier: TierLevel;
  message_block: PermissionBlock | null;
};

// Plan names, not 'Tier 1+': members buy plans by name (docs/decisions/038).
export const MESSAGE_EMAIL_UNCONFIRMED_TEXT = 'Confirm your e-mail to send messages';
export const PAYMENT_EMAIL_UNCONFIRMED_TEXT = 'Confirm your e-mail to make payments';
/** Under the wallet's deposit and transfer buttons while paymentBlock holds them back. */
export const WALLET_EMAIL_UNCONFIRMED_TEXT = 'Confirm your e-mail to use the wallet.';
/** Under the plan and boost purchase buttons while paymentBlock holds them back. */
export const SUBSCRIBE_EMAIL_UNCONFIRMED_TEXT = 'Confirm your e-mail to subscribe.';
export const MESSAGE_TIER_REQUIRED_TEXT = `${upgradeToText(1)} to send messages`;
export const MESSAGE_VERIFICATION_REQUIRED_TEXT = 'Please verify your account to send messages';
export const MESSAGE_SUBSCRIPTION_INACTIVE_TEXT =
  'Your subscription is not active. Renew your subscription to send messages.';
export const SWIPE_TIER_REQUIRED_TEXT = `${upgradeToText(1)} to swipe`;
export const SWIPE_SUBSCRIPTION_INACTIVE_TEXT =
  'Your subscription is not active. Renew your subscription to swipe.';
export const GHOST_MODE_TIER_REQUIRED_TEXT = 'Ghost Mode is a Vault Verified feature';
export const GHOST_MODE_SUBSCRIPTION_INACTIVE_TEXT =
  'Your subscription is not active. Renew your subscription to use Ghost Mode.';
export const SPONSOR_TIER_REQUIRED_TEXT = 'Sponsoring is a Vault Verified feature';
export const SPONSOR_SUBSCRIPTION_INACTIVE_TEXT =
  'Your subscription is not active. Renew your subscription to sponsor members.';

/** Below this tier, messaging additionally needs a verified account. */
const MESSAGE_WITHOUT_VERIFICATION_TIER = 2;
const TOP_TIER: TierLevel = 4;

function hasRole(actor: Actor | null, role: Role): boolean {
  return actor?.roles.includes(role) === true;
}

/**
 * A subscription is active while its flag is set and its end date is still ahead (DESIGN). A flag
 * left set after the end date passed — a missed renewal webhook, a lapsed card — grants nothing.
 */
export function isSubscriptionActive(actor: Actor | null, now: number = Date.now()): boolean {
  if (actor === null || !actor.tier_subscription_active || actor.tier_subscription_ends_at === null) {
    return false;
  }
  return Date.parse(actor.tier_subscription_ends_at) > now;
}

/** A paid tier counts only while it is paid for, unless someone sponsors the member. */
export function hasPaidAccess(actor: Actor): boolean {
  return isSubscriptionActive(actor) || actor.is_sponsored;
}

/** The plan a member holds: their tier, and whether it is paid for (hasPaidAccess) right now. */
export type PlanHolding = { tier_level: TierLevel; active: boolean };

export const PLAN_ALREADY_HELD_TEXT = 'You already have this plan';
export const PLAN_BELOW_CURRENT_TEXT = 'Your current plan already includes this tier';

/**
 * Why a paid plan is not for sale to this member (the plan cards' Current and Lower Tier): they hold
 * it, or a higher one, while their access lasts. Once it lapses, any paid plan can be bought again.
 */
export function planPurchaseRefusal(tier: TierLevel, holding: PlanHolding): 'current' | 'lower' | null {
  if (!holding.active || tier === 0) return null;
  if (tier === holding.tier_level) return 'current';
  return tier < holding.tier_level ? 'lower' : null;
}

export function isAdmin(actor: Actor | null): boolean {
  return hasRole(actor, 'admin');
}

export function canSwipe(actor: Actor | null): boolean {
  return actor !== null && actor.tier_level > 0 && hasPaidAccess(actor);
}

/**
 * The tier rule only (part 1 §6). Sending also needs verification below tier 2; use
 * messageSendBlock for the full decision.
 */
export function canMessage(actor: Actor | null): boolean {
  return actor !== null && actor.tier_level > 0 && hasPaidAccess(actor);
}

// Order matters for which reason a member sees first: a confirmed e-mail (the quickest step, and
// upgrading needs it too: payments do), the tier, then payment (an unpaid tier grants nothing, so
// verifying would not help yet), then verification.
export function messageSendBlock(actor: Actor | null): PermissionBlock | null {
  if (actor !== null && !actor.email_confirmed) {
    return { code: 'EMAIL_CONFIRMATION_REQUIRED', message: MESSAGE_EMAIL_UNCONFIRMED_TEXT };
  }
  if (actor === null || actor.tier_level === 0) {
    return { code: 'TIER_REQUIRED', message: MESSAGE_TIER_REQUIRED_TEXT };
  }
  if (!hasPaidAccess(actor)) {
    return { code: 'SUBSCRIPTION_INACTIVE', message: MESSAGE_SUBSCRIPTION_INACTIVE_TEXT };
  }
  if (!actor.verified && actor.tier_level < MESSAGE_WITHOUT_VERIFICATION_TIER) {
    return { code: 'VERIFICATION_REQUIRED', message: MESSAGE_VERIFICATION_REQUIRED_TEXT };
  }
  return null;
}

/**
 * Why the member may not pay (deposit, transfer, buy a plan, a boost or a sponsorship): only an
 * unconfirmed e-mail, so far; each payment's own rules (tier, plan) come on top. null: they may.
 */
export function paymentBlock(actor: Actor | null): PermissionBlock | null {
  if (actor !== null && !actor.email_confirmed) {
    return { code: 'EMAIL_CONFIRMATION_REQUIRED', message: PAYMENT_EMAIL_UNCONFIRMED_TEXT };
  }
  return null;
}

/** The chat's composer for a member who may not send (spec part 2, Chat panel). */
export type ComposerRestriction = {
  code: PermissionBlockCode;
  /** Shown in the closed message box. */
  placeholder: string;
  /** Shown under it, beside the way forward (upgrade, renew or verify). */
  hint: string;
};

// The spec's placeholder for an Observer says 'Tier 1+'; members are asked for plans by name
// (decision 038), so it is the refusal's own text. The rest are the spec's words as written.
export const COMPOSER_OBSERVER_HINT_TEXT = 'Observer tier can browse only. Upgrade to start messaging.';
export const COMPOSER_VERIFY_PLACEHOLDER_TEXT = 'Verify your account to send messages';
export const COMPOSER_VERIFY_HINT_TEXT = 'Please verify your account to unlock messaging features.';
export const COMPOSER_CONFIRM_EMAIL_HINT_TEXT =
  'We sent you a link when you signed up. Open it, or ask for a new one, to unlock messaging.';
export const COMPOSER_RENEW_PLACEHOLDER_TEXT = 'Renew your subscription to send messages';
export const COMPOSER_RENEW_HINT_TEXT = 'Your plan has ended. Renew it to start messaging again.';

const COMPOSER_TEXTS: Readonly<Record<PermissionBlockCode, Omit<ComposerRestriction, 'code'>>> = {
  EMAIL_CONFIRMATION_REQUIRED: {
    placeholder: MESSAGE_EMAIL_UNCONFIRMED_TEXT,
    hint: COMPOSER_CONFIRM_EMAIL_HINT_TEXT,
  },
  TIER_REQUIRED: { placeholder: MESSAGE_TIER_REQUIRED_TEXT, hint: COMPOSER_OBSERVER_HINT_TEXT },
  SUBSCRIPTION_INACTIVE: { placeholder: COMPOSER_RENEW_PLACEHOLDER_TEXT, hint: COMPOSER_RENEW_HINT_TEXT },
  VERIFICATION_REQUIRED: { placeholder: COMPOSER_VERIFY_PLACEHOLDER_TEXT, hint: COMPOSER_VERIFY_HINT_TEXT },
};

/**
 * What the chat's composer says when the member may not send: decided by messageSendBlock, the rule
 * the server refuses a send by, so the chat can never offer what the server would refuse (nor
 * refuse what it would take). null when the member may send.
 */
export function composerRestriction(actor: Actor | null): ComposerRestriction | null {
  const block = messageSendBlock(actor);
  return block && { code: block.code, ...COMPOSER_TEXTS[block.code] };
}

export function swipeBlock(actor: Actor | null): SwipeBlock | null {
  if (actor === null || actor.tier_level === 0) {
    return { code: 'TIER_REQUIRED', message: SWIPE_TIER_REQUIRED_TEXT };
  }
  if (!hasPaidAccess(actor)) {
    return { code: 'SUBSCRIPTION_INACTIVE', message: SWIPE_SUBSCRIPTION_INACTIVE_TEXT };
  }
  return null;
}

/**
 * The plan that lifts a swipe block: tier 1 for an Observer, the member's own tier (renewed) for
 * a lapsed subscription; null when nothing blocks. Upgrade prompts name and price this plan.
 */
export function swipeUnlockTier(actor: Actor | null): TierLevel | null {
  const block = swipeBlock(actor);
  if (!block) return null;
  return block.code === 'TIER_REQUIRED' || actor === null ? 1 : actor.tier_level;
}

/** The next tier up, for "what a higher tier would show"; null at the top tier. */
export function nextTier(level: TierLevel): TierLevel | null {
  return level >= TOP_TIER ? null : ((level + 1) as TierLevel);
}

export function canViewProfiles(actor: Actor | null): boolean {
  return actor !== null;
}

export function canCreateParties(actor: Actor | null): boolean {
  return hasRole(actor, 'admin') || hasRole(actor, 'promoter');
}

export function canModerateContent(actor: Actor | null): boolean {
  return hasRole(actor, 'admin') || hasRole(actor, 'promoter');
}

export function canManageUsers(actor: Actor | null): boolean {
  return hasRole(actor, 'admin');
}

/**
 * Sponsoring is paid for by the sponsor's own Vault Verified plan and ends with it (decision 029). The
 * spec also lets a sponsored member sponsor; we do not: a sponsorship would then hang on another
 * sponsorship instead of on a plan someone pays for.
 */
export function canSponsor(actor: Actor | null): boolean {
  return actor !== null && actor.tier_level === TOP_TIER && isSubscriptionActive(actor);
}

/** The spec grants ghost mode to a paid-up tier 4 member or to any sponsored member. */
export function canUseGhostMode(actor: Actor | null): boolean {
  return canSponsor(actor) || actor?.is_sponsored === true;
}

/**
 * Why the member may not turn Ghost Mode on (turning it off is always allowed). A tier 4 member whose
 * plan lapsed is told to renew rather than to upgrade to the tier they already hold.
 */
export function ghostModeBlock(actor: Actor | null): PermissionBlock | null {
  if (canUseGhostMode(actor)) return null;
  if (actor?.tier_level === TOP_TIER) {
    return { code: 'SUBSCRIPTION_INACTIVE', message: GHOST_MODE_SUBSCRIPTION_INACTIVE_TEXT };
  }
  return { code: 'TIER_REQUIRED', message: GHOST_MODE_TIER_REQUIRED_TEXT };
}

/** Why the member may not sponsor: a lapsed Vault Verified plan is renewed, anything else upgraded. */
export function sponsorBlock(actor: Actor | null): PermissionBlock | null {
  if (canSponsor(actor)) return null;
  if (actor?.tier_level === TOP_TIER) {
    return { code: 'SUBSCRIPTION_INACTIVE', message: SPONSOR_SUBSCRIPTION_INACTIVE_TEXT };
  }
  return { code: 'TIER_REQUIRED', message: SPONSOR_TIER_REQUIRED_TEXT };
}

/** Visibility follows the tier held, paid or not; without a member only tier 0 is the floor. */
export function maxVisibleTier(actor: Actor | null): TierLevel {
  return actor === null ? 0 : actor.tier_level;
}

export function canSeeTier(actor: Actor | null, tier: TierLevel): boolean {
  return actor !== null && tier <= actor.tier_level;
}

export function capabilitiesOf(actor: Actor | null): Capabilities {
  return {
    can_swipe: canSwipe(actor),
    can_message: canMessage(actor),
    can_view_profiles: canViewProfiles(actor),
    can_create_parties: canCreateParties(actor),
    can_moderate_content: canModerateContent(actor),
    can_manage_users: canManageUsers(actor),
    can_sponsor: canSponsor(actor),
    can_use_ghost_mode: canUseGhostMode(actor),
    max_visible_tier: maxVisibleTier(actor),
    message_block: messageSendBlock(actor),
  };
}

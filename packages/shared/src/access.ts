import { ERROR_MESSAGES, type ErrorCode } from './errors';
import { nextRequiredStep, type RequiredStep, type StepFacts } from './onboarding';
import {
  type Actor,
  canCreateParties,
  canManageUsers,
  canModerateContent,
  ghostModeBlock,
  messageSendBlock,
  paymentBlock,
  sponsorBlock,
  swipeBlock,
} from './permissions';
import type { Role } from './roles';
import { SECOND_FACTOR_REQUIRED_TEXT, SECOND_FACTOR_UNCONFIRMED_TEXT } from './second-factor';
import { type TierLevel, upgradeToText } from './tiers';

/**
 * Who may call an API route (or send a realtime message). Every route declares one; the server
 * enforces it in one place before anything else of the route runs, and the UI reads the same rules
 * to hide or disable what the server would refuse.
 *
 * - `public`: anyone, signed in or not.
 * - `member`: any signed-in member.
 * - `{ role }`: a signed-in member holding that role.
 * - `{ tier }`: a signed-in member whose tier is at least that (paid or not: visibility follows the
 *   tier held, see maxVisibleTier).
 * - `{ capability }`: a signed-in member for whom the shared capability rule holds.
 *
 * Every declaration but `public` also requires the compliance gate (current terms and privacy
 * accepted, see COMPLIANCE_REFUSAL) unless the route says it is reachable before it
 * (`beforeCompliance`: the gate's own routes, who am I, sign-out). A route of the app proper
 * (discovery, search, another member's page) also declares `ready`: the member's required steps
 * are done (onboarding, see nextRequiredStep and readinessRefusal).
 */
export type Access = 'public' | 'member' | { role: Role } | { tier: TierLevel } | { capability: Capability };

export const CAPABILITIES = [
  'swipe',
  'send_message',
  'create_parties',
  'moderate_content',
  'manage_users',
  'sponsor',
  'ghost_mode',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Why access is refused: the API error code and the member-facing text. */
export type AccessRefusal = { code: ErrorCode; message: string };

const SIGNED_OUT: AccessRefusal = { code: 'UNAUTHENTICATED', message: 'User not authenticated' };
const forbidden = (message: string): AccessRefusal => ({ code: 'FORBIDDEN', message });

const ROLE_REFUSALS: Readonly<Record<Role, string>> = {
  user: 'Members only',
  admin: 'Admins only',
  promoter: 'Promoters only',
};

/** Each capability's rule, with the spec's text where the spec words the refusal. */
const CAPABILITY_RULES: Readonly<Record<Capability, (actor: Actor) => AccessRefusal | null>> = {
  swipe: swipeBlock,
  send_message: messageSendBlock,
  create_parties: (a) =>
    canCreateParties(a) ? null : forbidden('Only admins and promoters can create events'),
  moderate_content: (a) => (canModerateContent(a) ? null : forbidden('Only moderators can do that')),
  manage_users: (a) => (canManageUsers(a) ? null : forbidden(ROLE_REFUSALS.admin)),
  sponsor: sponsorBlock,
  ghost_mode: ghostModeBlock,
};

export function tierRequiredMessage(tier: TierLevel): string {
  return `${upgradeToText(tier)} to use this feature`;
}

/** A signed-in member who has not accepted the current terms and privacy policy yet. */
export const COMPLIANCE_REFUSAL: AccessRefusal = {
  code: 'COMPLIANCE_REQUIRED',
  message: ERROR_MESSAGES.COMPLIANCE_REQUIRED,
};

/**
 * The gate's refusal for a route that is not public: null when the route is reachable before the
 * gate or the member passed it. Checked after accessRefusal, so a signed-out caller still gets 401.
 */
export function complianceRefusal(
  legalAccepted: boolean,
  access: Access,
  beforeCompliance: boolean,
): AccessRefusal | null {
  if (access === 'public' || beforeCompliance || legalAccepted) return null;
  return COMPLIANCE_REFUSAL;
}

/** The refusal for each required step (nextRequiredStep); a new step adds its own here. */
const STEP_REFUSALS: Readonly<Record<RequiredStep, AccessRefusal>> = {
  onboarding: { code: 'ONBOARDING_REQUIRED', message: ERROR_MESSAGES.ONBOARDING_REQUIRED },
};

/**
 * The refusal of a route declared `ready` (the app proper) to a member with a required step left,
 * so nobody meets or is met by a half-made profile; null for any other route or a member who is
 * ready. Checked after accessRefusal and complianceRefusal: the gate comes first.
 */
export function readinessRefusal(facts: StepFacts, ready: boolean): AccessRefusal | null {
  if (!ready) return null;
  const step = nextRequiredStep(facts);
  return step === null ? null : STEP_REFUSALS[step];
}

/**
 * The refusal of a route that takes or moves money (`payment`: deposits, transfers, plan, boost and
 * sponsorship checkouts) to a member who may not pay yet (paymentBlock: an unconfirmed e-mail); null
 * for any other route. Checked after the route's access, so a too-low tier is told that first.
 */
export function paymentRefusal(actor: Actor | null, payment: boolean): AccessRefusal | null {
  return payment && actor !== null ? paymentBlock(actor) : null;
}

/** null when `actor` may call a route declared with `access`; otherwise why not. */
export function accessRefusal(actor: Actor | null, access: Access): AccessRefusal | null {
  if (access === 'public') return null;
  if (actor === null) return SIGNED_OUT;
  if (access === 'member') return null;
  if ('role' in access) {
    return actor.roles.includes(access.role) ? null : forbidden(ROLE_REFUSALS[access.role]);
  }
  if ('tier' in access) {
    return actor.tier_level >= access.tier
      ? null
      : { code: 'TIER_REQUIRED', message: tierRequiredMessage(access.tier) };
  }
  return CAPABILITY_RULES[access.capability](actor);
}

/** A readable form of a declaration, for logs, docs and test names. */
export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('role' in access) return `role ${access.role}`;
  if ('tier' in access) return `tier ${access.tier}+`;
  return `capability ${access.capability}`;
}

/** What the admin gate reads about the member and this session. */
export type SecondFactorFacts = {
  /** A confirmed TOTP enrolment. */
  enrolled: boolean;
  /** This session was confirmed with a second factor (TOTP step, or a passkey sign-in). */
  sessionConfirmed: boolean;
};

/** Routes that do admin work: the admin role, or managing members (admins only). */
export function isAdminAccess(access: Access): boolean {
  if (typeof access !== 'object') return false;
  if ('role' in access) return access.role === 'admin';
  return 'capability' in access && access.capability === 'manage_users';
}

/**
 * The refusal of an admin route to a member whose account or session lacks the second factor; null
 * for any other route. Checked after the route's access, so a non-admin is still told FORBIDDEN.
 */
export function secondFactorRefusal(
  facts: SecondFactorFacts | null,
  access: Access,
): { code: 'SECOND_FACTOR_REQUIRED' | 'SECOND_FACTOR_UNCONFIRMED'; message: string } | null {
  if (facts === null || !isAdminAccess(access)) return null;
  if (!facts.enrolled) return { code: 'SECOND_FACTOR_REQUIRED', message: SECOND_FACTOR_REQUIRED_TEXT };
  if (!facts.sessionConfirmed)
    return { code: 'SECOND_FACTOR_UNCONFIRMED', message: SECOND_FACTOR_UNCONFIRMED_TEXT };
  return null;
}

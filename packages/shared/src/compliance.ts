import { PRIVACY_VERSION, TERMS_VERSION } from './limits';

/**
 * The compliance gate (spec part 2 §4): Terms of Service, then the Privacy Policy, then age
 * verification with an ID. The stored record decides the first step still open; the web app walks
 * the member through them in this order and the server refuses member routes until terms and
 * privacy are accepted.
 */
export const COMPLIANCE_STEPS = ['terms', 'privacy', 'age', 'done'] as const;
export type ComplianceStep = (typeof COMPLIANCE_STEPS)[number];

/**
 * Where the member's age check stands: not started, skipped (allowed by the spec: the member is then
 * not age-verified), or an ID submitted for review and its decision, or its expiry undecided (the
 * gate is passed as after a rejection; the member may verify again from Edit Profile).
 */
export const ID_CHECK_STATUSES = ['none', 'skipped', 'pending', 'approved', 'rejected', 'expired'] as const;
export type IdCheckStatus = (typeof ID_CHECK_STATUSES)[number];

/** The facts the gate decides on: the versions accepted (null when never) and the age check. */
export type ComplianceFacts = {
  termsVersion: string | null;
  privacyVersion: string | null;
  idCheck: IdCheckStatus;
};

/** A member who accepted an older version is asked again. */
export const acceptedCurrentTerms = (f: Pick<ComplianceFacts, 'termsVersion'>) =>
  f.termsVersion === TERMS_VERSION;
export const acceptedCurrentPrivacy = (f: Pick<ComplianceFacts, 'privacyVersion'>) =>
  f.privacyVersion === PRIVACY_VERSION;

/** What the API requires before any member route other than the gate's own (and /me, sign-out). */
export function hasAcceptedLegal(f: Pick<ComplianceFacts, 'termsVersion' | 'privacyVersion'>): boolean {
  return acceptedCurrentTerms(f) && acceptedCurrentPrivacy(f);
}

export function nextComplianceStep(f: ComplianceFacts): ComplianceStep {
  if (!acceptedCurrentTerms(f)) return 'terms';
  if (!acceptedCurrentPrivacy(f)) return 'privacy';
  if (f.idCheck === 'none') return 'age';
  return 'done';
}

/** What skipping the ID step costs the member, shown before they skip (and in the docs). */
export const AGE_CHECK_SKIP_TEXT =
  'You can continue without it, but your account stays unverified: no Verified badge, and at Tier 1 you cannot send messages until you verify. You can verify any time from Edit Profile.';

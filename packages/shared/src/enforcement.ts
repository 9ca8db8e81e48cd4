// Enforcement (issue 37): an admin suspends a member for a period or bans them, always with one reason
// from a fixed list. The member is told that reason in plain words, on the sign-in screen, and may
// appeal each action once. The codes are stored (pg enums) and sent; the plain text is what a member
// reads, so it is written for them: calm, without blame or jargon.

/** Why a member was suspended or banned, stored and sent as the code. */
export const ENFORCEMENT_REASONS = [
  'harassment',
  'scam_or_solicitation',
  'fake_profile',
  'underage_suspicion',
  'explicit_content',
  'hate_speech',
  'spam',
  'payment_abuse',
  'other',
] as const;
export type EnforcementReason = (typeof ENFORCEMENT_REASONS)[number];

/** Each reason as the member reads it (and as the admin's reason dropdown labels it). */
export const ENFORCEMENT_REASON_TEXT: Readonly<Record<EnforcementReason, string>> = {
  harassment: 'Messages or behaviour towards other members that they experienced as harassment.',
  scam_or_solicitation: 'Asking members for money or offering services in a way our rules do not allow.',
  fake_profile: 'A profile that appears not to be genuine or that uses someone else’s identity.',
  underage_suspicion: 'Information suggesting the account holder may be under 18.',
  explicit_content: 'Photos or messages with explicit content where it is not allowed.',
  hate_speech: 'Language that attacks people for who they are.',
  spam: 'Repeated unwanted messages, links or advertising.',
  payment_abuse: 'Chargebacks, disputed payments or misuse of the wallet.',
  other: 'A breach of our community guidelines.',
};

/** Short names of the reasons, for the admin's lists and the reason dropdown. */
export const ENFORCEMENT_REASON_LABELS: Readonly<Record<EnforcementReason, string>> = {
  harassment: 'Harassment',
  scam_or_solicitation: 'Scam or solicitation',
  fake_profile: 'Fake profile / impersonation',
  underage_suspicion: 'Underage suspicion',
  explicit_content: 'Explicit content',
  hate_speech: 'Hate speech',
  spam: 'Spam',
  payment_abuse: 'Payment abuse',
  other: 'Other',
};

/** A suspension runs for a period; a ban has no end. */
export const ENFORCEMENT_KINDS = ['suspend', 'ban'] as const;
export type EnforcementKind = (typeof ENFORCEMENT_KINDS)[number];

/** The periods an admin may suspend for, in days. */
export const SUSPENSION_DAYS = [1, 3, 7, 30] as const;
export type SuspensionDays = (typeof SUSPENSION_DAYS)[number];

/** How an appeal ends: the action stands, or it is lifted. */
export const APPEAL_OUTCOMES = ['upheld', 'lifted'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** The admin's note on an action, a lift or an appeal decision (for the team, never shown to the member). */
export const ENFORCEMENT_NOTE_MAX = 1000;
/** The member's appeal. */
export const ENFORCEMENT_APPEAL_MIN = 10;
export const ENFORCEMENT_APPEAL_MAX = 2000;

/** The plain text the member reads for a reason code. */
export const enforcementReasonText = (reason: EnforcementReason) => ENFORCEMENT_REASON_TEXT[reason];

/** The end of a suspension that starts at `from` and runs for `days`. */
export function suspensionEnd(from: Date, days: SuspensionDays): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

import { PRIVACY_VERSION, TERMS_VERSION } from '@royal/shared';

export type LegalDocument = {
  kind: 'terms' | 'privacy';
  title: string;
  version: string;
  /** Paragraphs of the summary shown in the modal. */
  paragraphs: readonly string[];
  checkboxLabel: string;
  /** The spec's toast after accepting. */
  acceptedToast: string;
};

export const TERMS_OF_SERVICE: LegalDocument = {
  kind: 'terms',
  title: 'Terms of Service',
  version: TERMS_VERSION,
  paragraphs: [
    'Royal Circle is an invite-only community for adults. Observer members (Tier 0) must be at least 18 years old; every other tier requires members to be 21 or older, confirmed with a government-issued ID.',
    'You agree to present yourself truthfully, to treat other members with respect and discretion, and never to share another member’s photos, messages or personal details outside the app.',
    'Paid tiers renew until cancelled. Escrow payments are held and released under the wallet rules shown at each transfer. We may suspend accounts that break these terms.',
  ],
  checkboxLabel: 'I have read and agree to the Terms of Service',
  acceptedToast: 'Terms Accepted',
};

export const PRIVACY_POLICY: LegalDocument = {
  kind: 'privacy',
  title: 'Privacy Policy',
  version: PRIVACY_VERSION,
  paragraphs: [
    'Other members see your profile, never your e-mail, exact location, wallet or settings. Your position is stored rounded to about a kilometre.',
    'ID and selfie images you submit for verification are encrypted, seen only by you and our verification team, and deleted 72 hours after the decision. We keep only the decision, its date and the type of ID.',
    'Messages are encrypted at rest and kept for 7 years, transactions for 7 years, inactive profiles for 1 year. You can export or delete your data from Settings.',
  ],
  checkboxLabel: 'I have read and agree to the Privacy Policy',
  acceptedToast: 'Privacy Policy Accepted',
};

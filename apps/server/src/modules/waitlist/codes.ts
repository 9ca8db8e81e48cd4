import { randomBytes } from 'node:crypto';

// Crockford's base32 without I, L, O, U: nothing to misread when a code is typed from an e-mail.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomChars(count: number): string {
  // 32 divides 256, so every byte maps onto the alphabet without bias.
  return [...randomBytes(count)].map((byte) => ALPHABET[byte % 32]).join('');
}

/** A single-use invite: 16 random characters (80 bits) in four groups, e.g. 7KQ2-M9XD-… */
export const newInviteCode = () => randomChars(16).replace(/(.{4})(?=.)/g, '$1-');

/** A member's own referral code: RC- and 10 random characters (50 bits); its uses are counted. */
export const newReferralCode = () => `RC-${randomChars(10)}`;

import { shownMiles } from './cities';
import { MATCH_EXPIRING_HOURS, ONLINE_WINDOW_MS, UNREAD_BADGE_CAP } from './limits';
import { TIERS, type TierLevel } from './tiers';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function toTime(date: Date | string): number {
  return (typeof date === 'string' ? new Date(date) : date).getTime();
}

/**
 * 'Nd ago' / 'Nh ago' / 'Nm ago' / 'Just now', each unit truncated. Future times (clock skew
 * between server and browser) read as 'Just now'; an unparsable date gives ''.
 */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = toTime(date);
  if (Number.isNaN(then)) return '';
  const elapsed = now.getTime() - then;
  if (elapsed >= DAY_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  if (elapsed >= HOUR_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed >= MINUTE_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  return 'Just now';
}

export type MatchExpiryBadge = { kind: 'expired' | 'expiring' | 'active'; label: string };

/**
 * The match list's expiry badge. Hours are rounded up so the badge never claims less time than is
 * left and a match reads 'Expired' only once it really has expired (the server's rule too).
 */
export function matchExpiryBadge(expiresAt: Date | string, now: Date = new Date()): MatchExpiryBadge {
  const left = toTime(expiresAt) - now.getTime();
  if (!(left > 0)) return { kind: 'expired', label: 'Expired' };
  if (left <= MATCH_EXPIRING_HOURS * HOUR_MS) {
    return { kind: 'expiring', label: `${Math.ceil(left / HOUR_MS)}h left` };
  }
  return { kind: 'active', label: 'Active' };
}

/** '' hides the badge; above the cap it reads '9+'. */
export function unreadBadge(n: number): string {
  const count = Math.floor(n);
  if (!(count > 0)) return '';
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/**
 * A formatter made on first use: creating one loads the locale's currency data, which took a phone
 * tens of milliseconds while the app started — on screens that show no amount at all.
 */
function onFirstUse(make: () => Intl.NumberFormat): () => Intl.NumberFormat {
  let made: Intl.NumberFormat | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const usdWhole = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

/**
 * A typed dollar amount in whole cents, read exactly (no floating point), or null for anything that
 * is not a plain amount with at most two decimals: the wallet's forms and the date plans' deposits.
 */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** '$1,234.56'; negative amounts read '-$12.34'. */
export function formatCents(cents: number): string {
  return usd().format(Math.round(cents) / 100);
}

/** Drops '.00' on whole-dollar amounts, for prices and ranges that are round figures. */
function formatDollarsCompact(cents: number): string {
  const rounded = Math.round(cents);
  return rounded % 100 === 0 ? usdWhole().format(rounded / 100) : formatCents(rounded);
}

/** '$15.99/month', or 'Free' for the free tier. */
export function formatMonthlyPrice(cents: number): string {
  return cents === 0 ? 'Free' : `${formatCents(cents)}/month`;
}

/** '$100 – $250', '$1,000 – Unlimited'; tier 0 holds no escrow. */
export function escrowRangeLabel(tier: TierLevel): string {
  const { minEscrowCents, maxEscrowCents } = TIERS[tier];
  if (maxEscrowCents === 0) return 'No escrow';
  const max = maxEscrowCents === null ? 'Unlimited' : formatDollarsCompact(maxEscrowCents);
  return `${formatDollarsCompact(minEscrowCents)} – ${max}`;
}

/** Active within the last hour (inclusive). A time slightly in the future counts as online. */
export function isOnline(lastActive: Date | string | null, now: Date = new Date()): boolean {
  if (lastActive === null) return false;
  const then = toTime(lastActive);
  if (Number.isNaN(then)) return false;
  return now.getTime() - then <= ONLINE_WINDOW_MS;
}

/**
 * '1,577': an integer with its thousands separators (en-US), written out by hand. The first
 * toLocaleString call of a page loads the locale's number data, one task of 30–45 ms on a desktop
 * (four times that on a phone), on the first screen of the app for a distance or a count.
 * Anything but a safe integer goes to the locale formatter.
 */
export function groupedInteger(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/** Whole miles, never below 1, so a nearby member's exact distance is not revealed. */
export function milesLabel(miles: number): string {
  const whole = shownMiles(miles);
  return whole === 1 ? '1 mile' : `${groupedInteger(whole)} miles`;
}

/** '1 view', '1,577 views': a count with its noun, singular for exactly one. */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return `${groupedInteger(n)} ${n === 1 ? singular : plural}`;
}

export function resultsCountLabel(n: number, capped = false): string {
  if (capped) return `${groupedInteger(n)}+ Results`;
  return n === 1 ? '1 Result' : `${n} Results`;
}

/** 'Verified in November 2026': when an admin approved the member's verification. */
export function verifiedSinceLabel(date: Date | string): string {
  const month = new Date(date).toLocaleString('en-US', { month: 'long', year: 'numeric' });
  return `Verified in ${month}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'ID verified since March 2026' (the mark's words, decision 038), on another member's card, from the month the server sends ('YYYY-MM',
 * memberCardSchema.verified_since). Written out by hand, not with the locale formatter: the deck's
 * details panel is on the first screen of the app (see groupedInteger).
 */
export function memberVerifiedSinceLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  const name = MONTH_NAMES[(index ?? 0) - 1];
  return name && year ? `ID verified since ${name} ${year}` : 'ID verified';
}

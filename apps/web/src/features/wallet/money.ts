/**
 * The member types dollars (min 1, step 0.01, as the spec's inputs); the API takes integer cents.
 * Returns null for anything that is not a plain amount with at most two decimals.
 */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A fresh Idempotency-Key for one attempt of a money action. */
export const newAttemptKey = () => crypto.randomUUID();

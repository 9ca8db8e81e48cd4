import { createHmac, timingSafeEqual } from 'node:crypto';

// A member's check-in code for one plan (decision 069), shown as a QR code on their phone for the
// other member to scan: `RCD1.<window>.<MAC>`, the MAC an HMAC-SHA256 over the plan, the member and
// a five-minute window. A code is good for its window and the next, so a screenshot sent from
// elsewhere soon stops working; the ids inside the MAC refuse it for another plan or member.

const VERSION = 'RCD1';
const WINDOW_MS = 5 * 60_000;
const MAC = /^[A-Za-z0-9_-]{43}$/;

type Subject = { planId: string; userId: string };

const windowOf = (now: Date) => Math.floor(now.getTime() / WINDOW_MS);

function macOf(key: Buffer, { planId, userId }: Subject, window: number): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${planId}\n${userId}\n${window}`).digest();
}

export function checkInCode(key: Buffer, subject: Subject, now: Date): string {
  const window = windowOf(now);
  return `${VERSION}.${window}.${macOf(key, subject, window).toString('base64url')}`;
}

/** Whether `code` is the subject's code now (this window or the one before), compared in constant time. */
export function checkInCodeMatches(key: Buffer, code: string, subject: Subject, now: Date): boolean {
  const [version, windowText, mac, ...rest] = code.trim().split('.');
  if (version !== VERSION || rest.length > 0 || !windowText || !mac || !MAC.test(mac)) return false;
  const window = Number(windowText);
  const current = windowOf(now);
  if (!Number.isSafeInteger(window) || window > current || window < current - 1) return false;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(key, subject, window);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { PIN_KEY_PREFIX, syncAppLockCookie } from './app-lock-cookie';
import { notifyDeviceChange, readStored, removeStored, subscribeDevice, writeStored } from './device-store';

// The app PIN (issue 40, the discretion package): a lock of this device only, one per member who signs
// in on it. Kept in localStorage as a random salt and a PBKDF2-SHA-256 hash of the digits (never the
// digits), with the member's idle choice and the wrong tries so far. Four to six digits are few: the
// hash keeps them off the disk in clear, the five tries (then sign-out) keep them from being guessed.

export const PIN_DIGITS = { min: 4, max: 6 } as const;
export const MAX_PIN_TRIES = 5;
/** Above the 100 000 the issue asks; about a fifth of a second on a mid-range phone. */
export const PIN_HASH_ITERATIONS = 200_000;

export const pinSchema = z
  .string()
  .regex(new RegExp(`^\\d{${PIN_DIGITS.min},${PIN_DIGITS.max}}$`), 'Use 4 to 6 digits.');

/** How long the app may sit unused or out of sight before it asks for the PIN again. */
export const LOCK_AFTER_CHOICES = [
  { ms: 0, label: 'Immediately' },
  { ms: 60_000, label: '1 minute' },
  { ms: 5 * 60_000, label: '5 minutes' },
  { ms: 15 * 60_000, label: '15 minutes' },
  { ms: 60 * 60_000, label: '1 hour' },
] as const;
export type LockAfterMs = (typeof LOCK_AFTER_CHOICES)[number]['ms'];
export const DEFAULT_LOCK_AFTER_MS: LockAfterMs = 0;

const pinRecordSchema = z.object({
  salt: z.string().min(1),
  hash: z.string().min(1),
  iterations: z.number().int().min(100_000),
  /** How many digits the PIN has: the pad checks it as soon as that many are in. */
  digits: z.number().int().min(PIN_DIGITS.min).max(PIN_DIGITS.max),
  lock_after_ms: z.number().int().min(0),
  failures: z.number().int().min(0),
});
export type PinRecord = z.infer<typeof pinRecordSchema>;

const pinKey = (memberId: string) => `${PIN_KEY_PREFIX}${memberId}`;
const seenKey = (memberId: string) => `rc.app-seen.${memberId}`;

function parseRecord(raw: string | null): PinRecord | null {
  if (raw === null) return null;
  try {
    const parsed = pinRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readPin(memberId: string): PinRecord | null {
  return parseRecord(readStored('local', pinKey(memberId)));
}

function writePin(memberId: string, record: PinRecord) {
  writeStored('local', pinKey(memberId), JSON.stringify(record));
  syncAppLockCookie();
  notifyDeviceChange();
}

/** The member's PIN record on this device, kept current (other tabs included); null without one. */
export function usePinRecord(memberId: string): PinRecord | null {
  const raw = useSyncExternalStore(
    subscribeDevice,
    () => readStored('local', pinKey(memberId)),
    () => null,
  );
  return useMemo(() => parseRecord(raw), [raw]);
}

/** WebCrypto answers only on a secure page (https, or localhost): no PIN can be set elsewhere. */
export function canUsePin(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.deriveBits === 'function';
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function hashPin(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Compares every byte, whatever the first difference (no early exit to time). */
function sameBytes(a: Uint8Array, b: Uint8Array) {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** Sets (or replaces) the member's PIN on this device; the wrong tries start again from none. */
export async function savePin(memberId: string, pin: string, lockAfterMs: number): Promise<void> {
  const digits = pinSchema.parse(pin);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await hashPin(digits, salt, PIN_HASH_ITERATIONS);
  markSeen(memberId);
  writePin(memberId, {
    salt: toBase64(salt),
    hash: toBase64(hash),
    iterations: PIN_HASH_ITERATIONS,
    digits: digits.length,
    lock_after_ms: lockAfterMs,
    failures: 0,
  });
}

export type PinCheck = { right: true } | { right: false; triesLeft: number };

/**
 * Checks a PIN the member typed. A wrong one counts (kept on the device, so reloading gives no new
 * tries); a right one clears the count. No PIN (removed meanwhile, in another tab) locks nothing.
 */
export async function checkPin(memberId: string, pin: string): Promise<PinCheck> {
  const record = readPin(memberId);
  if (!record) return { right: true };
  if (record.failures >= MAX_PIN_TRIES) return { right: false, triesLeft: 0 };
  const right =
    pinSchema.safeParse(pin).success &&
    sameBytes(await hashPin(pin, fromBase64(record.salt), record.iterations), fromBase64(record.hash));
  // Read again after the wait: a try in another tab meanwhile counts too.
  const current = readPin(memberId) ?? record;
  if (right) {
    if (current.failures > 0) writePin(memberId, { ...current, failures: 0 });
    return { right: true };
  }
  const failures = current.failures + 1;
  writePin(memberId, { ...current, failures });
  return { right: false, triesLeft: Math.max(0, MAX_PIN_TRIES - failures) };
}

/** Removes the member's PIN from this device (other members' stay). */
export function removePin(memberId: string): void {
  removeStored('local', pinKey(memberId));
  removeStored('local', seenKey(memberId));
  syncAppLockCookie();
  notifyDeviceChange();
}

export function setLockAfter(memberId: string, lockAfterMs: number): void {
  const record = readPin(memberId);
  if (record) writePin(memberId, { ...record, lock_after_ms: lockAfterMs });
}

/** Notes that the member was using the app at `at` (what the idle time counts from, across loads). */
export function markSeen(memberId: string, at: number = Date.now()): void {
  writeStored('local', seenKey(memberId), String(at));
}

export function lastSeen(memberId: string): number | null {
  const at = Number(readStored('local', seenKey(memberId)));
  return Number.isFinite(at) && at > 0 ? at : null;
}

/** Whether the PIN is due, `away` ms after the member last used the app. */
export function pinDue(record: PinRecord, away: number): boolean {
  return record.lock_after_ms === 0 || away >= record.lock_after_ms;
}

/**
 * Whether the app opens locked for the member now (a fresh load): they have a PIN on this device and
 * have been away at least their idle choice (always for 'Immediately'), or used up their tries.
 */
export function locksOnOpen(memberId: string, now: number = Date.now()): boolean {
  const record = readPin(memberId);
  if (!record) return false;
  if (record.failures >= MAX_PIN_TRIES) return true;
  const seen = lastSeen(memberId);
  return seen === null || pinDue(record, now - seen);
}

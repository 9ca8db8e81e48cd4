import { APP_LOCK_COOKIE } from '@royal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPin,
  locksOnOpen,
  MAX_PIN_TRIES,
  markSeen,
  PIN_HASH_ITERATIONS,
  readPin,
  removePin,
  savePin,
  setLockAfter,
} from './app-pin';

const ANNA = 'member-anna';
const BEA = 'member-bea';
const MINUTE = 60_000;

const lockCookieSet = () => document.cookie.split('; ').includes(`${APP_LOCK_COOKIE}=1`);

afterEach(() => {
  // The cookie outlives localStorage.clear() in the shared setup.
  removePin(ANNA);
  removePin(BEA);
});

describe('the app PIN on this device', () => {
  it('keeps a salted PBKDF2 hash and the idle choice, never the digits', async () => {
    await savePin(ANNA, '482916', 5 * MINUTE);
    const stored = localStorage.getItem(`rc.app-pin.${ANNA}`) ?? '';
    expect(stored).not.toContain('482916');
    const record = readPin(ANNA);
    expect(record).toMatchObject({ digits: 6, lock_after_ms: 5 * MINUTE, failures: 0 });
    expect(record?.iterations).toBeGreaterThanOrEqual(100_000);
    expect(record?.iterations).toBe(PIN_HASH_ITERATIONS);
    // 16 random bytes of salt, a 32-byte hash.
    expect(atob(record?.salt ?? '')).toHaveLength(16);
    expect(atob(record?.hash ?? '')).toHaveLength(32);

    // The same digits again: another salt, another hash.
    await savePin(BEA, '482916', 0);
    expect(readPin(BEA)?.salt).not.toBe(record?.salt);
    expect(readPin(BEA)?.hash).not.toBe(record?.hash);
    expect(lockCookieSet()).toBe(true);
  });

  it('refuses anything but 4 to 6 digits', async () => {
    await expect(savePin(ANNA, '123', 0)).rejects.toThrow('Use 4 to 6 digits.');
    await expect(savePin(ANNA, '1234567', 0)).rejects.toThrow();
    await expect(savePin(ANNA, '12a4', 0)).rejects.toThrow();
    expect(readPin(ANNA)).toBeNull();
  });

  it('counts wrong tries on the device, clears them on a right one, and stops at five', async () => {
    await savePin(ANNA, '2580', 0);
    expect(await checkPin(ANNA, '1111')).toEqual({ right: false, triesLeft: 4 });
    expect(await checkPin(ANNA, '25801')).toEqual({ right: false, triesLeft: 3 });
    expect(readPin(ANNA)?.failures).toBe(2);
    expect(await checkPin(ANNA, '2580')).toEqual({ right: true });
    expect(readPin(ANNA)?.failures).toBe(0);

    for (let left = MAX_PIN_TRIES - 1; left >= 0; left--) {
      expect(await checkPin(ANNA, '0000')).toEqual({ right: false, triesLeft: left });
    }
    // Used up: even the right PIN no longer opens (only signing out does).
    expect(await checkPin(ANNA, '2580')).toEqual({ right: false, triesLeft: 0 });
    expect(locksOnOpen(ANNA)).toBe(true);
  });

  it("removes one member's PIN and leaves the others'", async () => {
    await savePin(ANNA, '2580', 0);
    await savePin(BEA, '1357', 0);
    removePin(ANNA);
    expect(readPin(ANNA)).toBeNull();
    expect(readPin(BEA)).not.toBeNull();
    expect(lockCookieSet()).toBe(true);
    removePin(BEA);
    expect(lockCookieSet()).toBe(false);
    // No PIN: nothing to ask.
    expect(await checkPin(ANNA, '0000')).toEqual({ right: true });
  });

  it('opens locked after the idle choice since the last use (always for Immediately)', async () => {
    const now = Date.now();
    expect(locksOnOpen(ANNA, now)).toBe(false);
    await savePin(ANNA, '2580', 5 * MINUTE);
    markSeen(ANNA, now - 4 * MINUTE);
    expect(locksOnOpen(ANNA, now)).toBe(false);
    markSeen(ANNA, now - 5 * MINUTE);
    expect(locksOnOpen(ANNA, now)).toBe(true);

    setLockAfter(ANNA, 0);
    markSeen(ANNA, now);
    expect(locksOnOpen(ANNA, now)).toBe(true);
  });

  it('reads a damaged record as no PIN', () => {
    localStorage.setItem(`rc.app-pin.${ANNA}`, '{"salt":"x"');
    expect(readPin(ANNA)).toBeNull();
    localStorage.setItem(`rc.app-pin.${ANNA}`, JSON.stringify({ salt: 'x', hash: 'y', iterations: 10 }));
    expect(readPin(ANNA)).toBeNull();
  });
});

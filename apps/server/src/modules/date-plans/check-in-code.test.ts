import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkInCode, checkInCodeMatches } from './check-in-code';

const key = randomBytes(32);
const subject = { planId: randomUUID(), userId: randomUUID() };
const now = new Date('2026-06-01T20:02:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('date plan check-in codes', () => {
  it('match their member and plan for their window and the next only', () => {
    const code = checkInCode(key, subject, now);
    expect(code).toMatch(/^RCD1\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(checkInCodeMatches(key, code, subject, now)).toBe(true);
    expect(checkInCodeMatches(key, code, subject, later(5))).toBe(true);
    expect(checkInCodeMatches(key, code, subject, later(11))).toBe(false);
  });

  it('refuse another member, another plan, another key, and anything malformed', () => {
    const code = checkInCode(key, subject, now);
    expect(checkInCodeMatches(key, code, { ...subject, userId: randomUUID() }, now)).toBe(false);
    expect(checkInCodeMatches(key, code, { ...subject, planId: randomUUID() }, now)).toBe(false);
    expect(checkInCodeMatches(randomBytes(32), code, subject, now)).toBe(false);
    for (const bad of ['', 'RCD1', 'RCD1.x.y', `${code}.extra`, code.replace('RCD1', 'RC1')])
      expect(checkInCodeMatches(key, bad, subject, now)).toBe(false);
    // A code from a future window (a forged number) is refused.
    const [version, window, mac] = code.split('.');
    expect(checkInCodeMatches(key, `${version}.${Number(window) + 1}.${mac}`, subject, now)).toBe(false);
  });
});

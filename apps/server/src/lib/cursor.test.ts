import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sealedCursorCodec } from './cursor';

const codec = sealedCursorCodec(z.object({ t: z.string(), id: z.uuid() }));
const key = randomBytes(32);
const sortKey = { t: '2026-11-24T18:59:35.491000Z', id: '3f0c8a56-1f0e-4c3e-9d61-2f7f3b8c9a10' };

describe('sealed page cursors', () => {
  it('round-trip, yet give away nothing of the sort key', () => {
    const cursor = codec.encode(key, sortKey);
    expect(codec.decode(key, cursor)).toEqual(sortKey);
    const bytes = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(bytes).not.toContain('2026');
    expect(bytes).not.toContain('3f0c8a56');
    // The same key twice gives two different cursors (a fresh IV each time).
    expect(codec.encode(key, sortKey)).not.toBe(cursor);
  });

  it('refuse a tampered cursor, one sealed under another key, a readable one and nonsense with 400', () => {
    const cursor = Buffer.from(codec.encode(key, sortKey), 'base64url');
    cursor[cursor.length - 1] = (cursor[cursor.length - 1] as number) ^ 1;
    for (const raw of [
      cursor.toString('base64url'),
      codec.encode(randomBytes(32), sortKey),
      Buffer.from(JSON.stringify(sortKey)).toString('base64url'),
      'nonsense',
      '',
    ]) {
      expect(() => codec.decode(key, raw)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    }
    expect(codec.decode(key, undefined)).toBeNull();
  });
});

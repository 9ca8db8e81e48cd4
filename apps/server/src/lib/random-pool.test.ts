import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool';

describe('pooledRandomBytes', () => {
  it('hands out each byte once, across refills of the pool', () => {
    // 12-byte nonces, enough to refill the 4 KiB pool several times: no two may be equal.
    const nonces = Array.from({ length: 2000 }, () => pooledRandomBytes(12).toString('hex'));
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.every((hex) => hex.length === 24)).toBe(true);
  });

  it('returns a copy that a later refill does not change', () => {
    const first = pooledRandomBytes(16);
    const kept = Buffer.from(first);
    for (let i = 0; i < 1000; i += 1) pooledRandomBytes(16);
    expect(first.equals(kept)).toBe(true);
  });

  it('serves large requests straight from the generator', () => {
    const large = pooledRandomBytes(4096);
    expect(large.length).toBe(4096);
    expect(large.equals(Buffer.alloc(4096))).toBe(false);
  });
});

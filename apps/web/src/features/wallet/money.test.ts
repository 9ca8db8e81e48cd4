import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './money';

describe('dollarsToCents', () => {
  it('reads plain dollar amounts exactly, without floating-point drift', () => {
    expect(dollarsToCents('1')).toBe(100);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(' 250.5 ')).toBe(25050);
    expect(dollarsToCents('1234567.89')).toBe(123456789);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1e3', '1,000', '.5', '5.'])
      expect(dollarsToCents(text)).toBeNull();
  });
});

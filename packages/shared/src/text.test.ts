import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './text';

describe('hasControlCharacters', () => {
  it.each([
    ['plain text', 'Dinner at eight?', false],
    ['tabs and line breaks', 'line one\n\tline two\r\n', false],
    ['accents and emoji', 'Café 🌹 — à bientôt', false],
    ['a NUL byte', 'ab\u0000c', true],
    ['an escape sequence', '\u001b[31mred', true],
    ['a bell', 'ding\u0007', true],
    ['DEL', 'x\u007f', true],
    ['a vertical tab', 'a\u000bb', true],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasInvisibleCharacters } from './text';

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
    ['a right-to-left override', 'x\u202eevil', true],
    ['a left-to-right embedding', '\u202aname', true],
    ['a directional isolate', 'a\u2067b\u2069', true],
    ['Arabic with a direction mark', 'مرحبا\u200f hello', false],
    ['an emoji joined by ZWJ', 'we \u{1F469}\u200d\u2764\ufe0f\u200d\u{1F468}', false],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });
});

describe('hasInvisibleCharacters', () => {
  it.each([
    ['a plain name', 'Victoria', false],
    ['a name with an accent', 'Zoë', false],
    ['a zero-width space', 'Vic\u200btoria', true],
    ['a word joiner', 'Vic\u2060toria', true],
    ['a soft hyphen', 'Vic\u00adtoria', true],
    ['a byte-order mark', '\ufeffVictoria', true],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasInvisibleCharacters(text)).toBe(expected);
  });
});

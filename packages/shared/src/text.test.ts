import { describe, expect, it } from 'vitest';
import {
  hasControlCharacters,
  hasInvisibleCharacters,
  hasLetterOrDigit,
  hasStackedMarks,
  hasVisibleText,
  isSingleLine,
} from './text';

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
    ['a C1 control sequence introducer', 'csi\u009b31m red', true],
    ['a C1 next line', 'a\u0085b', true],
    ['the last C1 control', 'a\u009fb', true],
    ['a no-break space, just past C1', 'a\u00a0b', false],
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
    ['a Mongolian vowel separator', 'Vic\u180etoria', true],
    ['a language tag', '\u{e0001}Victoria', true],
    ['a Hangul filler', '\u3164', true],
    ['a blank Braille pattern', '\u2800', true],
    ['a direction mark in a Latin name', '\u200eVictoria', true],
    ['a direction mark in a name mixing Hebrew and Latin', 'שרה\u200f Lee', false],
    ['a zero-width non-joiner in Persian', 'مریم\u200cسادات', false],
    ['a zero-width joiner in Devanagari', 'क्\u200dष', false],
    ['a zero-width joiner between Latin letters', 'Vic\u200dtoria', true],
    ['a zero-width non-joiner between Latin letters', 'Vic\u200ctoria', true],
    ['an emoji joined by ZWJ', '\u{1f469}\u{1f3fd}\u200d\u{1f4bb} Ana', false],
    ['the flag of Scotland', '\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}', false],
    ['tag letters outside a flag', 'Victoria\u{e0041}\u{e0042}', true],
    ['a combining grapheme joiner', 'Vic\u034ftoria', true],
    ['a variation selector after a Latin letter', 'Victoria\ufe0f', true],
    ['an ideographic variation sequence', '葛\u{e0100}城', false],
    ['a keycap', '1\ufe0f\u20e3 Bo', false],
    ['a Khmer inherent vowel', 'Vic\u17b4toria', true],
    ['a Mongolian vowel separator in Mongolian', 'ᠨᠠ\u180eᠠ', false],
    ['two Mongolian variation selectors on one letter', 'ᠨ\u180b\u180b', true],
    ['a ZWNJ after an Arabic vowel mark', 'مهرِ\u200cسادات', false],
    ['a ZWJ at a Bengali virama', 'র\u200d্যায়ান', false],
    ['a ZWJ at a Sinhala virama', 'ශ්\u200dරී', false],
    ['a Malayalam old chillu ending a name', 'അവന്\u200d', false],
    ['a ZWJ between Chinese characters', '王\u200d小明', true],
    ['a ZWNJ between Korean syllables', '김\u200c민준', true],
    ['a ZWJ in Japanese kana', 'さ\u200dくら', true],
    ['a ZWJ between Hebrew letters', 'שר\u200dה', true],
    ['a ZWNJ at the end of a Persian name', 'مریم\u200c', true],
    ['a ZWJ after an emoji with nothing joined', 'Ana \u{1f339}\u200d', true],
    ['a keycap selector with no keycap', 'Bo1\ufe0f', true],
    ['an interlinear annotation anchor', 'Victoria\ufff9', true],
    ['an Egyptian hieroglyph format control', 'Vic\u{13430}toria', true],
    ['forty tag letters after a black flag', `\u{1f3f4}${'\u{e0061}'.repeat(40)}\u{e007f}`, true],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasInvisibleCharacters(text)).toBe(expected);
  });
});

describe('isSingleLine', () => {
  it.each([
    ['a name', 'Victoria Lee', true],
    ['a line feed', 'Chris\ntian', false],
    ['a carriage return', 'Chris\rtian', false],
    ['a line separator', 'Chris\u2028tian', false],
    ['a paragraph separator', 'Chris\u2029tian', false],
  ])('%s → %s', (_label, text, expected) => {
    expect(isSingleLine(text)).toBe(expected);
  });
});

describe('hasLetterOrDigit', () => {
  it.each([
    ['a name', 'Zoë', true],
    ['a name in Devanagari', 'सत्य', true],
    ['a digit', '7', true],
    ['a direction mark alone', '\u200e', false],
    ['joiners alone', '\u200d\u200c', false],
    ['Hangul fillers, letters that show nothing', '\u115f\u3164', false],
    ['an emoji alone', '\u{1f339}', false],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasLetterOrDigit(text)).toBe(expected);
  });
});

describe('hasStackedMarks', () => {
  it.each([
    ['Vietnamese, two combining marks on a letter', 'Nguye\u0302\u0303n', false],
    ['Burmese, spacing vowel signs and two marks', 'မျှော်', false],
    ['Burmese, another syllable', 'လျှော့', false],
    ['twelve marks cut into runs of four by joiners', `e${'\u0301\u0302\u0303\u0304\u200c'.repeat(3)}`, true],
    ['twenty marks cut into runs by format controls', `e${'\u0301\u0302\u0303\u0304\ufff9'.repeat(5)}`, true],
    ['four combining marks', `e${'\u0301'.repeat(4)}`, false],
    ['five combining marks', `e${'\u0301'.repeat(5)}`, true],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasStackedMarks(text)).toBe(expected);
  });
});

describe('hasVisibleText', () => {
  it.each([
    ['a word', 'hi', true],
    ['an emoji', '\u{1f339}', true],
    ['zero-width spaces', '\u200b\u200b', false],
    ['a word joiner and a Hangul filler', '\u2060\u3164', false],
    ['a blank Braille pattern between spaces', ' \u2800 ', false],
    ['an ideographic space', '\u3000', false],
    ['a combining grapheme joiner', '\u034f', false],
    ['a variation selector', '\ufe0f', false],
    ['an interlinear annotation anchor', '\ufff9', false],
  ])('%s → %s', (_label, text, expected) => {
    expect(hasVisibleText(text)).toBe(expected);
  });
});

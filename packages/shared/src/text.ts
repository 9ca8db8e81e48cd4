/**
 * Control characters never belong in member text: a NUL byte cannot even be stored by PostgreSQL,
 * and the others (bell, escape, backspace, and the C1 set U+0080–U+009F, which terminals read as
 * escapes) only serve to spoof or corrupt what others see. Tab, line feed and carriage return stay
 * allowed; single-line fields refuse line breaks in their schema (`isSingleLine`).
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) count too:
 * they reorder what others see ("x\u202Eevil" reads "xlive"), the trick of spoofed names and links.
 * The plain direction marks (LRM, RLM) and the joiners emoji need (ZWJ) stay allowed.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;
const isC1Control = (code: number) => code >= 0x80 && code <= 0x9f;
const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === DELETE || isC1Control(code) || isBidiControl(code)) return true;
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

/** Every character that breaks a line: line feed, carriage return and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

export const SINGLE_LINE_MESSAGE = 'Names must fit on one line';

export function isSingleLine(text: string): boolean {
  return !LINE_BREAK.test(text);
}

/**
 * Characters that show nothing. The format characters (Unicode's Cf: zero-width space, word joiner,
 * byte-order mark, soft hyphen, Mongolian vowel separator, language tags …) but those a name may
 * need: the zero-width joiner and non-joiner (Persian and Indic spelling, emoji sequences), the
 * direction marks (names mixing scripts) and the tag characters flags of regions are spelled with
 * (U+E0020–U+E007F, after a black flag). And the letters and symbols that are blank by design: the
 * Hangul fillers and the blank Braille pattern. In a name they make two names that look alike differ
 * (an impersonation), or a name that looks empty.
 */
const INVISIBLE = /(?![\u200c-\u200f\u061c\u{e0020}-\u{e007f}])\p{Cf}|[\u115f\u1160\u3164\uffa0\u2800]/u;

export const INVISIBLE_CHARACTERS_MESSAGE = 'Names must not contain invisible characters';

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/** A letter or a digit: what a name that shows something has, whatever else it holds. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text.replace(new RegExp(INVISIBLE.source, 'gu'), ''));
}

/**
 * More combining marks on one character than any script writes (Vietnamese stacks two, Indic
 * scripts three): a pile of accents ("Zalgo" text) spills over the lines above and below it.
 */
const STACKED_MARKS = /\p{M}{5,}/u;

export const STACKED_MARKS_MESSAGE = 'Names must not stack so many accents on one letter';

export function hasStackedMarks(text: string): boolean {
  return STACKED_MARKS.test(text);
}

/**
 * Text that shows something: a character that is not white space, a control, a format character or
 * blank by design. A message of zero-width spaces would arrive as an empty bubble.
 */
const VISIBLE = /[^\s\p{Z}\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/u;

export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

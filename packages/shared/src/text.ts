/**
 * Control characters never belong in member text: a NUL byte cannot even be stored by PostgreSQL,
 * and the others (bell, escape, backspace, and the C1 set U+0080–U+009F, which terminals read as
 * escapes) only serve to spoof or corrupt what others see. Tab, line feed and carriage return stay
 * allowed; single-line fields (names, the emergency contact's name) refuse line breaks in their
 * schema (`isSingleLine`).
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
 * Characters that show nothing: Unicode's default-ignorable code points (zero-width space, word
 * joiner, soft hyphen, byte-order mark, combining grapheme joiner, variation selectors, tags, the
 * Hangul fillers …), the interlinear annotation and Egyptian format controls that set leaves out,
 * and the blank Braille pattern. In a name they make two names that look alike differ (an
 * impersonation), or a name that looks empty. Allowed where a name needs them, and only there
 * (`withoutAllowedIgnorables`):
 * - a joiner (ZWJ, ZWNJ) between two letters or marks of a script that spells with joiners (Arabic
 *   and Persian, Syriac, N'Ko, Mongolian, the Indic scripts …), counting a mark with its script;
 *   never at an end (but a ZWJ after an Indic virama, a final form), nor in a script where it shows
 *   nothing and changes nothing;
 * - a ZWJ between emoji (👩‍💻, 🏳️‍🌈);
 * - the direction marks (LRM, RLM, ALM) in a name that holds right-to-left letters;
 * - a variation selector after an emoji or an ideograph, and the one of a keycap (1️⃣);
 * - one Mongolian variation selector or vowel separator after a Mongolian letter;
 * - the tags of a region's flag (🏴, two letters and one to four letters or digits, cancel tag).
 */
const BLANK = '\\p{Default_Ignorable_Code_Point}\\ufff9-\\ufffb\\u{13430}-\\u{1343f}\\u2800';
const INVISIBLE = new RegExp(`[${BLANK}]`, 'u');
const INVISIBLE_ALL = new RegExp(`[${BLANK}]`, 'gu');
const RIGHT_TO_LEFT_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
/** A letter or mark of a script that writes with joiners (Script_Extensions: marks count with it). */
const JOINING = [
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Tibetan',
  'Myanmar',
  'Khmer',
]
  .map((script) => `\\p{Script_Extensions=${script}}`)
  .join('');
const CONTEXTUAL_IGNORABLES = [
  new RegExp(`(?<=[${JOINING}])[\\u200c\\u200d](?=[${JOINING}])`, 'gu'),
  // After an Indic virama a ZWJ asks for the half or final form (Malayalam's old chillu ends a word).
  /(?<=[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d\u0dca])\u200d/gu,
  /(?<=\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)\u200d(?=\p{Extended_Pictographic})/gu,
  /(?<=\p{Extended_Pictographic})[\ufe0e\ufe0f]|(?<=[#*0-9])\ufe0f(?=\u20e3)/gu,
  /(?<=\p{Ideographic})[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu,
  /(?<=[\u1820-\u1878\u1880-\u18aa])[\u180b-\u180f]/gu,
  /(?<=\u{1f3f4})[\u{e0061}-\u{e007a}]{2}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,4}\u{e007f}/gu,
];
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/gu;

function withoutAllowedIgnorables(text: string): string {
  const rest = CONTEXTUAL_IGNORABLES.reduce((t, allowed) => t.replace(allowed, ''), text);
  return RIGHT_TO_LEFT_LETTER.test(text) ? rest.replace(DIRECTION_MARKS, '') : rest;
}

export const INVISIBLE_CHARACTERS_MESSAGE = 'Names must not contain invisible characters';

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(withoutAllowedIgnorables(text));
}

/** A letter or a digit: what a name that shows something has, whatever else it holds. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text.replace(INVISIBLE_ALL, ''));
}

/**
 * More non-spacing marks on one character than any script writes (Vietnamese stacks two, Indic and
 * Burmese scripts three): a pile of accents ("Zalgo" text) spills over the lines above and below.
 * Spacing vowel signs (Mc) take room of their own and do not count, nor do the joiners and other
 * characters that show nothing, which would otherwise cut a pile into runs that each pass.
 */
const STACKED_MARKS = /[\p{Mn}\p{Me}]{5,}/u;

export const STACKED_MARKS_MESSAGE = 'Names must not stack so many accents on one letter';

export function hasStackedMarks(text: string): boolean {
  return STACKED_MARKS.test(text.replace(INVISIBLE_ALL, '').replace(/\p{Mc}/gu, ''));
}

/**
 * Text that shows something: a character that is not white space, a control or blank by design
 * (BLANK above). A message of zero-width spaces would arrive as an empty bubble.
 */
const VISIBLE = new RegExp(`[^\\s\\p{Z}\\p{Cc}${BLANK}]`, 'u');

export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

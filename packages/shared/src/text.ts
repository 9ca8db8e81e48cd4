/**
 * Control characters never belong in member text: a NUL byte cannot even be stored by PostgreSQL,
 * and the others (bell, escape, backspace …) only serve to spoof or corrupt what others see. Tab,
 * line feed and carriage return stay allowed; single-line fields refuse line breaks in their schema.
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) count too:
 * they reorder what others see ("x\u202Eevil" reads "xlive"), the trick of spoofed names and links.
 * The plain direction marks (LRM, RLM) and the joiners emoji need (ZWJ) stay allowed.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;
const isBidiControl = (code: number) =>
  (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === DELETE || isBidiControl(code)) return true;
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

/**
 * Characters that show nothing: zero-width space and no-break space, word joiner, soft hyphen, the
 * byte-order mark. In a name they make two names that look alike differ (an impersonation), or a
 * name that looks empty.
 */
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/;

export const INVISIBLE_CHARACTERS_MESSAGE = 'Names must not contain invisible characters';

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * Control characters never belong in member text: a NUL byte cannot even be stored by PostgreSQL,
 * and the others (bell, escape, backspace …) only serve to spoof or corrupt what others see. Tab,
 * line feed and carriage return stay allowed; single-line fields refuse line breaks in their schema.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'Text must not contain control characters';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === DELETE) return true;
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

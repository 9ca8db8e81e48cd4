import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Phone numbers (the emergency contact's): read with libphonenumber-js, which knows every country's
// numbering plan, and kept in E.164 ('+13055550123'), so one number has one spelling whatever way
// it was typed (decision 048).

/**
 * Where a number written without a country code is taken to be: most launch cities are in the US.
 * A number elsewhere (Dubai) is written with its '+' and country code.
 */
export const PHONE_DEFAULT_COUNTRY = 'US';
export const PHONE_INVALID_TEXT =
  'Please enter a valid phone number, with the country code (e.g. +44) if it is outside the US';

/**
 * The number in E.164, or null when the text is not one whole valid number: words around it, an
 * extension (which E.164 cannot hold, so it would be lost) and numbers of the wrong length are refused.
 * The library's default (smaller) metadata checks a number's length and country, not every digit.
 */
export function phoneToE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), {
    defaultCountry: PHONE_DEFAULT_COUNTRY,
    extract: false,
  });
  if (!parsed || parsed.ext || !parsed.isValid()) return null;
  return parsed.number;
}

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMERGENCY_CONTACT_NAME_MAX, PHONE_INPUT_MAX } from '../limits';
import { PHONE_INVALID_TEXT, phoneToE164 } from '../phone';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../text';
import { memberSettingsSchema } from './me';

// A change of the member's settings. Apart from me.ts (which every screen reads) because reading a
// phone number brings the numbering plans of the world with it: only the screens that edit settings
// and the server load them.

/**
 * The emergency contact's number as a member types it, kept in E.164 (shared phone.ts). The same
 * schema checks the web form, so the form and the server refuse a number with the same words.
 */
export const emergencyContactPhoneSchema = z
  .string()
  .trim()
  .max(PHONE_INPUT_MAX, PHONE_INVALID_TEXT)
  .refine((phone) => phoneToE164(phone) !== null, PHONE_INVALID_TEXT)
  // Runs after a refused number too (zod goes on checking), so it leaves what it cannot read alone.
  .overwrite((phone) => phoneToE164(phone) ?? phone)
  .describe('Any common way of writing the number (without a country code: a US number); stored in E.164');

/** The emergency contact's name: one line. */
export const emergencyContactNameSchema = z
  .string()
  .trim()
  .max(EMERGENCY_CONTACT_NAME_MAX, `The name can be at most ${EMERGENCY_CONTACT_NAME_MAX} characters`)
  .refine(isSingleLine, SINGLE_LINE_MESSAGE);

/**
 * The emergency contact's e-mail (issue 39: a shared date and an alert go there), trimmed and
 * lower-cased, with the words sign-up uses for an address it cannot read.
 */
export const emergencyContactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, 'Please enter a valid email address')
  .check(z.email('Please enter a valid email address'))
  .describe('An e-mail address; trimmed and lower-cased');

// Strict so a typo in a field name is a 400 instead of a silent no-op.
export const memberSettingsPatchSchema = memberSettingsSchema
  // The contact's rules apply to what is saved from now on. On the patch only: the reply schema
  // must still read a contact stored before them.
  .extend({
    emergency_contact_name: emergencyContactNameSchema.nullable(),
    emergency_contact_phone: emergencyContactPhoneSchema.nullable(),
    emergency_contact_email: emergencyContactEmailSchema.nullable(),
  })
  .partial()
  .strict()
  .describe('Any subset of the member settings');
export type MemberSettingsPatch = z.infer<typeof memberSettingsPatchSchema>;

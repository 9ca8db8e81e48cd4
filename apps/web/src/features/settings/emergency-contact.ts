import { type MemberSettings, type MemberSettingsPatch, memberSettingsPatchSchema } from '@royal/shared';
import { issueProblems } from '@/lib/api';

/** The emergency contact as its three text fields hold it ('' for none). */
export type EmergencyContact = { name: string; phone: string; email: string };
export type EmergencyContactProblems = { name?: string; phone?: string; email?: string };

/** Each field of the contact and the setting that keeps it (also the path of a refusal's detail). */
const CONTACT_SETTINGS = {
  name: 'emergency_contact_name',
  phone: 'emergency_contact_phone',
  email: 'emergency_contact_email',
} as const satisfies Record<keyof EmergencyContact, keyof MemberSettings>;

type ContactSetting = (typeof CONTACT_SETTINGS)[keyof EmergencyContact];
type ContactPatch = Pick<MemberSettingsPatch, ContactSetting>;

/** The contact's field that a setting (a refusal's path) belongs to, if any. */
export function contactFieldOf(setting: string): keyof EmergencyContact | undefined {
  for (const [field, name] of Object.entries(CONTACT_SETTINGS)) {
    if (name === setting) return field as keyof EmergencyContact;
  }
  return undefined;
}

export const emergencyContactOf = (settings: MemberSettings): EmergencyContact => ({
  name: settings.emergency_contact_name ?? '',
  phone: settings.emergency_contact_phone ?? '',
  email: settings.emergency_contact_email ?? '',
});

/**
 * The fields as a settings change, checked by the server's own schema (an empty field clears it,
 * the number comes back in E.164, the e-mail lower-cased), or what is wrong with them in the
 * server's words.
 */
export function checkEmergencyContact(
  contact: EmergencyContact,
): { patch: ContactPatch; problems?: undefined } | { patch?: undefined; problems: EmergencyContactProblems } {
  const parsed = memberSettingsPatchSchema.safeParse({
    emergency_contact_name: contact.name.trim() || null,
    emergency_contact_phone: contact.phone.trim() || null,
    emergency_contact_email: contact.email.trim() || null,
  });
  if (parsed.success) return { patch: parsed.data };
  return { problems: contactProblemsOf(issueProblems(parsed.error.issues)) };
}

/** The server's refusal of a contact, by field (VALIDATION_FAILED details, path → message). */
export function contactProblemsOf(problems: Record<string, string>): EmergencyContactProblems {
  const found: EmergencyContactProblems = {};
  for (const [field, setting] of Object.entries(CONTACT_SETTINGS)) {
    const message = problems[setting];
    if (message) found[field as keyof EmergencyContact] = message;
  }
  return found;
}

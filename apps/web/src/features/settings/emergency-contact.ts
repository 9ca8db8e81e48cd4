import { type MemberSettings, type MemberSettingsPatch, memberSettingsPatchSchema } from '@royal/shared';

/** The emergency contact as its two text fields hold it ('' for none). */
export type EmergencyContact = { name: string; phone: string };
export type EmergencyContactProblems = { name?: string; phone?: string };

export const emergencyContactOf = (settings: MemberSettings): EmergencyContact => ({
  name: settings.emergency_contact_name ?? '',
  phone: settings.emergency_contact_phone ?? '',
});

type ContactPatch = Pick<MemberSettingsPatch, 'emergency_contact_name' | 'emergency_contact_phone'>;

/**
 * The fields as a settings change, checked by the server's own schema (an empty field clears it,
 * the number comes back in E.164), or what is wrong with them in the server's words.
 */
export function checkEmergencyContact(
  contact: EmergencyContact,
): { patch: ContactPatch; problems?: undefined } | { patch?: undefined; problems: EmergencyContactProblems } {
  const parsed = memberSettingsPatchSchema.safeParse({
    emergency_contact_name: contact.name.trim() || null,
    emergency_contact_phone: contact.phone.trim() || null,
  });
  if (parsed.success) return { patch: parsed.data };
  const problems: EmergencyContactProblems = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'emergency_contact_name') problems.name ??= issue.message;
    if (issue.path[0] === 'emergency_contact_phone') problems.phone ??= issue.message;
  }
  return { problems };
}

/** The server's refusal of a contact, by field (VALIDATION_FAILED details). */
export function contactProblemsOf(problems: Record<string, string>): EmergencyContactProblems {
  return { name: problems.emergency_contact_name, phone: problems.emergency_contact_phone };
}

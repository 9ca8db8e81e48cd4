import {
  type DatingPreferences,
  datingPreferencesSchema,
  type Me,
  type MemberSettings,
  type MemberSettingsPatch,
  memberSettingsSchema,
  type ProfileUpdate,
} from '@royal/shared';
import { issueProblems } from '@/lib/api';
import {
  checkEmergencyContact,
  contactFieldOf,
  type EmergencyContact,
  type EmergencyContactProblems,
  emergencyContactOf,
} from './emergency-contact';
import type { SwitchSetting } from './setting-texts';

// The Settings page's form (spec part 2 §2): Safety & Privacy, Dating Preferences and Notifications,
// sent together by Save Settings. The settings go to PATCH /api/me/settings, the preferences to the
// profile (PATCH /api/me/profile, Edit Profile's own route and rules).

/** Safety & Privacy's switches, in the order the section shows them. */
export const SAFETY_SWITCHES = [
  'incognito_mode',
  'location_sharing',
  'read_receipts',
  'show_online_status',
  'safe_meeting_notifications',
  'auto_block_suspicious',
] as const satisfies readonly SwitchSetting[];

export const NOTIFICATION_SWITCHES = [
  'push_notifications',
  'match_notifications',
  'message_notifications',
  'party_invites',
] as const satisfies readonly SwitchSetting[];

/** Quiet hours (issue 40): saved with the browser's time zone, the one they are read in. */
export const QUIET_HOURS_FIELDS = ['quiet_hours_enabled', 'quiet_hours_start', 'quiet_hours_end'] as const;
const quietHoursTimesSchema = memberSettingsSchema.pick({ quiet_hours_start: true, quiet_hours_end: true });

type PageSetting =
  | (typeof SAFETY_SWITCHES)[number]
  | (typeof NOTIFICATION_SWITCHES)[number]
  | (typeof QUIET_HOURS_FIELDS)[number]
  | 'discreet_notifications'
  | 'profile_visibility';
const PAGE_SETTINGS: readonly PageSetting[] = [
  ...SAFETY_SWITCHES,
  ...NOTIFICATION_SWITCHES,
  'discreet_notifications',
  ...QUIET_HOURS_FIELDS,
  'profile_visibility',
];

/** The browser's IANA time zone ("Europe/Paris"); undefined where it cannot say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export type SettingsFormValues = Pick<MemberSettings, PageSetting> & {
  emergency_contact: EmergencyContact;
  preferences: DatingPreferences;
};

export function settingsFormFrom(settings: MemberSettings, me: Me): SettingsFormValues {
  const values: Partial<SettingsFormValues> = {};
  for (const field of PAGE_SETTINGS) Object.assign(values, { [field]: settings[field] });
  return {
    ...(values as Pick<MemberSettings, PageSetting>),
    emergency_contact: emergencyContactOf(settings),
    preferences: {
      age_range: [...me.preferences.age_range],
      distance_preference: me.preferences.distance_preference,
      looking_for: me.preferences.looking_for,
      compensation_preference: me.preferences.compensation_preference,
      travel_willing: me.preferences.travel_willing,
      discretion_required: me.preferences.discretion_required,
    },
  };
}

/** Which parts the member changed (react-hook-form's dirtyFields, as far as this needs it). */
export type ChangedParts = Partial<Record<keyof SettingsFormValues, unknown>>;

/**
 * Whether a part of dirtyFields holds a change: react-hook-form keeps `false` for the untouched items
 * of an array (the age range), so an object or array there is not itself a change.
 */
function changedIn(dirty: unknown): boolean {
  if (dirty === true) return true;
  if (dirty === null || typeof dirty !== 'object') return false;
  return Object.values(dirty).some(changedIn);
}

/** Problems by the form's field path ('emergency_contact.phone', 'preferences.age_range.0', …). */
export type FormProblems = Record<string, string>;

/** The contact's problems among the form's, for its fields. */
export function emergencyContactProblemsIn(problems: FormProblems): EmergencyContactProblems {
  return {
    name: problems['emergency_contact.name'],
    phone: problems['emergency_contact.phone'],
    email: problems['emergency_contact.email'],
  };
}

export type SettingsRequests = {
  /** Only what changed, so a switch saved meanwhile elsewhere (the More menu) is not put back. */
  settings: MemberSettingsPatch | null;
  preferences: ProfileUpdate | null;
};

/**
 * What Save Settings sends, checked first by the server's own schemas, or the problems to show
 * (nothing is sent then). Compensation is sent for women only, as Edit Profile does: the server
 * refuses it for anyone else. Changed quiet hours go with `timeZone` (the browser's), so they are
 * read where the member is now.
 */
export function settingsRequestsOf(
  values: SettingsFormValues,
  changed: ChangedParts,
  { women, timeZone }: { women: boolean; timeZone?: string },
): { requests: SettingsRequests; problems?: undefined } | { requests?: undefined; problems: FormProblems } {
  const problems: FormProblems = {};
  const settings: MemberSettingsPatch = {};
  for (const field of PAGE_SETTINGS) {
    if (changedIn(changed[field])) Object.assign(settings, { [field]: values[field] });
  }
  if (QUIET_HOURS_FIELDS.some((field) => changedIn(changed[field]))) {
    // The server's own check of the two times (the shared timeOfDaySchema).
    const times = quietHoursTimesSchema.safeParse(values);
    if (!times.success) Object.assign(problems, issueProblems(times.error.issues));
    if (timeZone) settings.quiet_hours_zone = timeZone;
  }
  if (changedIn(changed.emergency_contact)) {
    const contact = checkEmergencyContact(values.emergency_contact);
    if (contact.problems) {
      for (const [field, message] of Object.entries(contact.problems)) {
        if (message) problems[`emergency_contact.${field}`] = message;
      }
    } else {
      Object.assign(settings, contact.patch);
    }
  }
  let preferences: ProfileUpdate | null = null;
  if (changedIn(changed.preferences)) {
    const parsed = datingPreferencesSchema.safeParse(values.preferences);
    if (parsed.success) {
      const { compensation_preference, ...rest } = parsed.data;
      preferences = women ? { ...rest, compensation_preference } : rest;
    } else {
      for (const issue of parsed.error.issues) {
        const path = ['preferences', ...issue.path].join('.');
        problems[path] ??= issue.message;
      }
    }
  }
  if (Object.keys(problems).length > 0) return { problems };
  return {
    requests: { settings: Object.keys(settings).length > 0 ? settings : null, preferences },
  };
}

/** A refusal's field problems (server paths) as the form's paths. */
export function formProblemsOf(part: keyof SettingsRequests, serverProblems: Record<string, string>) {
  const problems: FormProblems = {};
  for (const [path, message] of Object.entries(serverProblems)) {
    const contactField = contactFieldOf(path);
    if (part === 'preferences') problems[`preferences.${path}`] = message;
    else if (contactField) problems[`emergency_contact.${contactField}`] = message;
    else problems[path] = message;
  }
  return problems;
}

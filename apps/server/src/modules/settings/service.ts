import { DEFAULT_MEMBER_SETTINGS, type MemberSettings } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { safetySettings } from '../../db/schema';

type SettingsRow = typeof safetySettings.$inferSelect;
type SettingsInsert = typeof safetySettings.$inferInsert;

/** Column ↔ API field, written once and used both ways. */
const FIELDS = {
  profile_visibility: 'profileVisibility',
  push_notifications: 'pushNotifications',
  match_notifications: 'matchNotifications',
  message_notifications: 'messageNotifications',
  party_invites: 'partyInvites',
  read_receipts: 'readReceipts',
  show_online_status: 'showOnlineStatus',
  incognito_mode: 'incognitoMode',
  location_sharing: 'locationSharing',
  safe_meeting_notifications: 'safeMeetingNotifications',
  auto_block_suspicious: 'autoBlockSuspicious',
  dark_mode: 'darkMode',
  language: 'language',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_phone: 'emergencyContactPhone',
} as const satisfies Record<keyof MemberSettings, keyof SettingsRow>;

export function presentSettings(row: SettingsRow | undefined): MemberSettings {
  if (!row) return { ...DEFAULT_MEMBER_SETTINGS };
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELDS)) out[field] = row[column];
  return out as MemberSettings;
}

export async function getSettings(ctx: AppContext, userId: string) {
  const [row] = await ctx.db.select().from(safetySettings).where(eq(safetySettings.userId, userId));
  return presentSettings(row);
}

/**
 * Settings decide who sees the member (visibility, online status), so every instance drops the
 * member's cached actor once the change commits.
 */
export async function updateSettings(ctx: AppContext, userId: string, patch: Partial<MemberSettings>) {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) values[FIELDS[field as keyof MemberSettings]] = value;
  }
  return ctx.transact(async ({ tx, publish }) => {
    const [row] = await tx
      .insert(safetySettings)
      .values({ userId, ...values } as SettingsInsert)
      .onConflictDoUpdate({ target: safetySettings.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    publish({ kind: 'actor.invalidate', userIds: [userId] });
    return presentSettings(row);
  });
}

import {
  AppError,
  DEFAULT_MEMBER_SETTINGS,
  ghostModeBlock,
  type MemberSettings,
  type MemberSettingsPatch,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, safetySettings } from '../../db/schema';
import type { MemberActor } from '../auth';
import { lockedPlanRules } from '../billing';
import { autoBlockSuspectsFor } from '../safety';

type SettingsRow = typeof safetySettings.$inferSelect;
type SettingsInsert = typeof safetySettings.$inferInsert;

/**
 * Ghost Mode lives on the profile, not with the other settings: the members' visibility rule and
 * the feed's partial indexes read it there (members/policy.ts).
 */
type SafetySetting = Exclude<keyof MemberSettings, 'ghost_mode'>;

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
  emergency_contact_email: 'emergencyContactEmail',
  discreet_notifications: 'discreetNotifications',
  quiet_hours_enabled: 'quietHoursEnabled',
  quiet_hours_start: 'quietHoursStart',
  quiet_hours_end: 'quietHoursEnd',
  quiet_hours_zone: 'quietHoursZone',
  blur_photos: 'blurPhotos',
} as const satisfies Record<SafetySetting, keyof SettingsRow>;

/** What the settings reply reads from the profile: Ghost Mode, and the default of discreet pushes. */
type ProfileSide = { ghostMode: boolean; discretionRequired: boolean };

const profileSide = { ghostMode: profiles.ghostMode, discretionRequired: profiles.discretionRequired };

/**
 * The reply. Discreet notifications are null in the row until the member chooses (issue 40): until
 * then they are on exactly when the profile says discretion is required, as the push worker reads
 * them (modules/push/delivery.ts).
 */
export function presentSettings(row: SettingsRow | null | undefined, profile: ProfileSide): MemberSettings {
  const out: Record<string, unknown> = row ? {} : { ...DEFAULT_MEMBER_SETTINGS };
  if (row) for (const [field, column] of Object.entries(FIELDS)) out[field] = row[column];
  out.ghost_mode = profile.ghostMode;
  out.discreet_notifications = row?.discreetNotifications ?? profile.discretionRequired;
  return out as MemberSettings;
}

const NO_PROFILE: ProfileSide = {
  ghostMode: DEFAULT_MEMBER_SETTINGS.ghost_mode,
  discretionRequired: DEFAULT_MEMBER_SETTINGS.discreet_notifications,
};

export async function getSettings(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ ...profileSide, settings: safetySettings })
    .from(profiles)
    .leftJoin(safetySettings, eq(safetySettings.userId, profiles.userId))
    .where(eq(profiles.userId, userId));
  return presentSettings(row?.settings, row ?? NO_PROFILE);
}

/**
 * Saves Ghost Mode if the patch has it, and returns the profile's side of the settings. Turning it on
 * needs the Vault Verified rule (shared ghostModeBlock), checked on the plan as it is now rather than
 * the cached actor, so a plan lapsing at the same moment cannot leave a ghost behind; turning it off
 * is always allowed.
 */
async function saveGhostMode(tx: Db, userId: string, on: boolean | undefined): Promise<ProfileSide> {
  if (on === true) {
    const block = ghostModeBlock(await lockedPlanRules(tx, userId));
    if (block) throw new AppError(block.code, block.message);
  }
  const [row] =
    on === undefined
      ? await tx.select(profileSide).from(profiles).where(eq(profiles.userId, userId))
      : await tx
          .update(profiles)
          .set({ ghostMode: on })
          .where(eq(profiles.userId, userId))
          .returning(profileSide);
  return row ?? NO_PROFILE;
}

/**
 * Settings decide who sees the member (visibility, online status, Ghost Mode), so every instance
 * drops the member's cached actor once the change commits.
 */
export async function updateSettings(
  ctx: AppContext,
  { actor, patch }: { actor: MemberActor; patch: MemberSettingsPatch },
) {
  const { ghost_mode: ghostMode, ...rest } = patch;
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rest)) {
    if (value !== undefined) values[FIELDS[field as SafetySetting]] = value;
  }
  return ctx.transact(async (work) => {
    const { tx, publish } = work;
    // The profile row first, always: Ghost Mode is written there, and the settings' card-copy trigger
    // (db/sql/copy_card_settings_to_profile.sql) writes there after the settings row. Two saves in
    // different orders (a Ghost Mode switch, then Show Online Status, clicked quickly) would otherwise
    // deadlock.
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${actor.id} for update`);
    const profile = await saveGhostMode(tx, actor.id, ghostMode);
    const [row] = await tx
      .insert(safetySettings)
      .values({ userId: actor.id, ...values } as SettingsInsert)
      .onConflictDoUpdate({ target: safetySettings.userId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (rest.auto_block_suspicious === true) await autoBlockSuspectsFor(work, actor.id);
    publish({ kind: 'actor.invalidate', userIds: [actor.id] });
    return presentSettings(row, profile);
  });
}

import type { MemberSettings, ProfileVisibility } from '@royal/shared';
import { AUTO_BLOCK_REPORTERS } from '@royal/shared';

/** The settings a switch turns on and off (Ghost Mode's has its own rule: useGhostModeSwitch). */
export type SwitchSetting = {
  [K in keyof MemberSettings]: MemberSettings[K] extends boolean ? K : never;
}[keyof MemberSettings];

type SettingText = { label: string; description?: string };

/**
 * Each switch's name and what it does, written once for the Settings page, the More menu's Settings
 * dialog and the Safety Center's Safety Settings tab, so the three screens say the same thing.
 */
export const SETTING_TEXTS: Readonly<Record<SwitchSetting, SettingText>> = {
  ghost_mode: {
    label: 'Ghost Mode',
    description:
      'While it is on, other members do not find you in Discover or Search and cannot open your profile, and profiles you view do not count your visit.',
  },
  incognito_mode: {
    label: 'Incognito Mode',
    description:
      'Only members you have liked see you, in Discover, Interests and on your profile page. Search lists you to no one.',
  },
  location_sharing: {
    label: 'Location Sharing',
    description:
      'Members see how far away you are, in whole miles, and you see their distance. Off: no distances either way, and no Max Distance search.',
  },
  read_receipts: {
    label: 'Read Receipts',
    description: 'Read ticks on messages. Off: nobody sees when you read, and you see no read ticks either.',
  },
  show_online_status: {
    label: 'Show Online Status',
    description: 'Your online dot and "Online now". Off: hidden both ways.',
  },
  safe_meeting_notifications: {
    label: 'Safe Meeting Notifications',
    description: 'Safety reminders when you arrange to meet a match.',
  },
  auto_block_suspicious: {
    label: 'Auto-block Suspicious Members',
    description: `Members reported by ${AUTO_BLOCK_REPORTERS} or more members, or sent money our scam checks held and the sender took back, are blocked for you before they can message you. They appear in Blocked Members.`,
  },
  push_notifications: { label: 'Push Notifications' },
  match_notifications: { label: 'Match Notifications' },
  message_notifications: { label: 'Message Notifications' },
  party_invites: { label: 'Party Invites' },
  discreet_notifications: {
    label: 'Discreet notifications',
    description: 'Notifications and the tab title say only “New activity”.',
  },
  quiet_hours_enabled: {
    label: 'Quiet hours',
    description:
      'No push notifications between these times, every day. Nothing is sent later either: what comes in waits under the bell.',
  },
  blur_photos: {
    label: 'Blur photos until tapped',
    description:
      "Other members' photos stay blurred until you tap one, for when others can see your screen. Your own photos never are.",
  },
  dark_mode: { label: 'Dark Mode' },
};

/**
 * Who sees the member's profile, for each visibility. The Safety Center's 'tier_restricted' of the
 * spec is the same setting as 'tier_only' (DESIGN.md), shown the same way everywhere.
 */
export const VISIBILITY_DESCRIPTIONS: Readonly<Record<ProfileVisibility, string>> = {
  public: 'Every member who may see your tier.',
  tier_only: 'Only members of your tier and above.',
  private: 'Only your matches.',
};

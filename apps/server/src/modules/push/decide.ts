import {
  DISCREET_NOTIFICATION_TEXT,
  isWithinDailyWindow,
  type MemberSettings,
  type NotificationType,
  type PushPayload,
} from '@royal/shared';
import { DATE_REMINDER_NOTICE_KEY, TIMER_QUESTION_NOTICE_KEY } from '../date-plans';

// Whether a notification becomes a push on a member's device, and what the push says (issue 40):
// one pure rule, applied by the delivery worker to the settings as they are when the push is sent.

/** The title of a discreet push: the app's name and nothing about anyone. */
export const DISCREET_PUSH_TITLE = 'Royal Circle';

/** The notification as the worker reads it. */
export type PushableNotice = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  dedupeKey: string | null;
};

/** The recipient's settings a push depends on, `discreet_notifications` resolved (see settings). */
export type PushPreferences = Pick<
  MemberSettings,
  | 'push_notifications'
  | 'message_notifications'
  | 'match_notifications'
  | 'party_invites'
  | 'safe_meeting_notifications'
  | 'discreet_notifications'
  | 'quiet_hours_enabled'
  | 'quiet_hours_start'
  | 'quiet_hours_end'
  | 'quiet_hours_zone'
>;

/** What a notice is about, as far as the settings tell pushes apart. */
export type PushKind = 'message' | 'match' | 'event' | 'date_reminder' | 'safety_question' | 'other';

/** The setting that turns each kind's pushes off (beside push_notifications, which turns off all). */
const KIND_SETTING: Readonly<Record<PushKind, keyof PushPreferences | null>> = {
  message: 'message_notifications',
  match: 'match_notifications',
  event: 'party_invites',
  date_reminder: 'safe_meeting_notifications',
  safety_question: null,
  other: null,
};

export function pushKindOf(notice: Pick<PushableNotice, 'type' | 'dedupeKey'>): PushKind {
  switch (notice.type) {
    case 'message':
      return 'message';
    case 'match':
    case 'like':
      return 'match';
    case 'event':
      return 'event';
    case 'system':
      if (notice.dedupeKey?.startsWith(DATE_REMINDER_NOTICE_KEY)) return 'date_reminder';
      if (notice.dedupeKey?.startsWith(TIMER_QUESTION_NOTICE_KEY)) return 'safety_question';
      return 'other';
  }
}

export type PushDecision =
  | { send: true; payload: PushPayload; urgent: boolean }
  | { send: false; reason: 'push_off' | 'kind_off' | 'quiet_hours' };

/**
 * The push for `notice`, or why none goes: push notifications off; the notice's kind off (messages,
 * matches and likes, events, date reminders); or `at` inside the member's quiet hours, when it is
 * dropped rather than held (a notice is in the app when they look). The safety timer's "Are you
 * OK?" goes even in quiet hours: left unanswered it alerts their emergency contact. Discreet pushes
 * carry the app's name and DISCREET_NOTIFICATION_TEXT only, under one tag (the lock screen shows
 * one line, however many arrive); others the notice's own title and text, tagged by the notice, so
 * a chat's renewed notice replaces its last push on the device.
 */
export function decidePush(notice: PushableNotice, preferences: PushPreferences, at: Date): PushDecision {
  if (!preferences.push_notifications) return { send: false, reason: 'push_off' };
  const kind = pushKindOf(notice);
  const setting = KIND_SETTING[kind];
  if (setting && !preferences[setting]) return { send: false, reason: 'kind_off' };
  if (
    kind !== 'safety_question' &&
    preferences.quiet_hours_enabled &&
    isWithinDailyWindow(at, {
      start: preferences.quiet_hours_start,
      end: preferences.quiet_hours_end,
      zone: preferences.quiet_hours_zone,
    })
  )
    return { send: false, reason: 'quiet_hours' };
  // An in-app path; anything else (none, or a scheme-relative //host) opens the app.
  const link = notice.link?.startsWith('/') && !notice.link.startsWith('//') ? notice.link : '/app';
  const payload: PushPayload = preferences.discreet_notifications
    ? { title: DISCREET_PUSH_TITLE, body: DISCREET_NOTIFICATION_TEXT, link, tag: 'activity' }
    : { title: notice.title, body: notice.message, link, tag: `notice-${notice.id}` };
  return { send: true, payload, urgent: kind === 'message' || kind === 'safety_question' };
}

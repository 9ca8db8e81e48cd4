import { DEFAULT_MEMBER_SETTINGS, DISCREET_NOTIFICATION_TEXT, pushPayloadSchema } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { DATE_REMINDER_NOTICE_KEY, TIMER_QUESTION_NOTICE_KEY } from '../date-plans';
import {
  DISCREET_PUSH_TITLE,
  decidePush,
  type PushableNotice,
  type PushPreferences,
  pushKindOf,
} from './decide';

const preferences = (changes: Partial<PushPreferences> = {}): PushPreferences => ({
  push_notifications: true,
  message_notifications: true,
  match_notifications: true,
  party_invites: true,
  safe_meeting_notifications: true,
  discreet_notifications: false,
  quiet_hours_enabled: false,
  quiet_hours_start: DEFAULT_MEMBER_SETTINGS.quiet_hours_start,
  quiet_hours_end: DEFAULT_MEMBER_SETTINGS.quiet_hours_end,
  quiet_hours_zone: 'Europe/Paris',
  ...changes,
});

const message: PushableNotice = {
  id: '0b8f5a3c-6c1e-4f5e-9d55-2b1f0c7a9e11',
  type: 'message',
  title: 'New message',
  message: 'Ana sent you a message',
  link: '/messages/m1',
  dedupeKey: 'messages:m1',
};

/** 2026-01-15 (winter: Paris is UTC+1) at a Paris time of day. */
const parisAt = (time: string) => new Date(`2026-01-15T${time}:00+01:00`);
const noon = parisAt('12:00');

describe('which setting turns a notice’s push off', () => {
  it.each([
    [{ type: 'message' as const, dedupeKey: null }, 'message'],
    [{ type: 'match' as const, dedupeKey: null }, 'match'],
    [{ type: 'like' as const, dedupeKey: 'super-like:a:b' }, 'match'],
    [{ type: 'event' as const, dedupeKey: null }, 'event'],
    [{ type: 'system' as const, dedupeKey: `${DATE_REMINDER_NOTICE_KEY}p1` }, 'date_reminder'],
    [{ type: 'system' as const, dedupeKey: `${TIMER_QUESTION_NOTICE_KEY}w1:1` }, 'safety_question'],
    [{ type: 'system' as const, dedupeKey: null }, 'other'],
  ])('%j is a %s push', (notice, kind) => {
    expect(pushKindOf(notice)).toBe(kind);
  });

  it.each([
    ['message', 'message_notifications'],
    ['match', 'match_notifications'],
    ['like', 'match_notifications'],
    ['event', 'party_invites'],
  ] as const)('a %s notice goes unless %s is off', (type, setting) => {
    const notice = { ...message, type, dedupeKey: null };
    expect(decidePush(notice, preferences(), noon).send).toBe(true);
    expect(decidePush(notice, preferences({ [setting]: false }), noon)).toEqual({
      send: false,
      reason: 'kind_off',
    });
  });

  it('a date reminder goes unless safe meeting notifications are off; other system notices always', () => {
    const reminder = { ...message, type: 'system' as const, dedupeKey: `${DATE_REMINDER_NOTICE_KEY}p1` };
    expect(decidePush(reminder, preferences({ safe_meeting_notifications: false }), noon).send).toBe(false);
    const welcome = { ...message, type: 'system' as const, dedupeKey: null };
    const everythingOff = preferences({
      message_notifications: false,
      match_notifications: false,
      party_invites: false,
      safe_meeting_notifications: false,
    });
    expect(decidePush(welcome, everythingOff, noon).send).toBe(true);
  });

  it('nothing goes with push notifications off, whatever the rest says', () => {
    for (const type of ['message', 'match', 'like', 'event', 'system'] as const)
      expect(decidePush({ ...message, type }, preferences({ push_notifications: false }), noon)).toEqual({
        send: false,
        reason: 'push_off',
      });
  });
});

describe('quiet hours', () => {
  const quiet = (start: string, end: string) =>
    preferences({ quiet_hours_enabled: true, quiet_hours_start: start, quiet_hours_end: end });

  it.each([
    ['22:00', '07:00', '23:30', false],
    ['22:00', '07:00', '00:00', false],
    ['22:00', '07:00', '06:59', false],
    ['22:00', '07:00', '22:00', false],
    ['22:00', '07:00', '07:00', true],
    ['22:00', '07:00', '21:59', true],
    ['22:00', '07:00', '12:00', true],
    ['13:00', '14:30', '13:45', false],
    ['13:00', '14:30', '14:30', true],
    ['13:00', '14:30', '00:30', true],
    ['08:00', '08:00', '08:00', true],
  ])('from %s to %s (Paris): a notice at %s goes: %s', (start, end, time, goes) => {
    const decision = decidePush(message, quiet(start, end), parisAt(time));
    expect(decision.send).toBe(goes);
    if (!goes) expect(decision).toEqual({ send: false, reason: 'quiet_hours' });
  });

  it('are read in the member’s zone, not the server’s', () => {
    // 23:30 in Paris is 17:30 in New York: quiet there only if the window says so in New York.
    const inNewYork = preferences({
      quiet_hours_enabled: true,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
      quiet_hours_zone: 'America/New_York',
    });
    expect(decidePush(message, inNewYork, parisAt('23:30')).send).toBe(true);
    expect(decidePush(message, inNewYork, parisAt('05:30')).send).toBe(false);
  });

  it('count only when switched on', () => {
    expect(decidePush(message, preferences({ quiet_hours_enabled: false }), parisAt('23:30')).send).toBe(
      true,
    );
  });

  it('do not hold back the safety timer’s “Are you OK?”, which alerts a contact when unanswered', () => {
    const question = {
      ...message,
      type: 'system' as const,
      title: 'Are you OK?',
      message: 'Enter your code word',
      dedupeKey: `${TIMER_QUESTION_NOTICE_KEY}w1:1`,
    };
    const decision = decidePush(question, quiet('22:00', '07:00'), parisAt('23:30'));
    expect(decision).toMatchObject({ send: true, urgent: true });
    expect(decidePush(question, preferences({ push_notifications: false }), noon).send).toBe(false);
  });
});

describe('what a push says', () => {
  it('is the notice’s title and text, tagged by the notice, opening its link', () => {
    const decision = decidePush(message, preferences(), noon);
    expect(decision).toEqual({
      send: true,
      urgent: true,
      payload: {
        title: 'New message',
        body: 'Ana sent you a message',
        link: '/messages/m1',
        tag: `notice-${message.id}`,
      },
    });
    if (decision.send) expect(pushPayloadSchema.parse(decision.payload)).toEqual(decision.payload);
  });

  it('in discreet mode, the app’s name and “New activity” only: no name, no text, one tag', () => {
    const decision = decidePush(message, preferences({ discreet_notifications: true }), noon);
    expect(decision).toMatchObject({
      send: true,
      payload: {
        title: DISCREET_PUSH_TITLE,
        body: DISCREET_NOTIFICATION_TEXT,
        link: '/messages/m1',
        tag: 'activity',
      },
    });
    expect(JSON.stringify(decision)).not.toMatch(/Ana|New message/);
  });

  it('opens the app when the notice has no link of the app’s own', () => {
    for (const link of [null, 'https://elsewhere.example/x', '//elsewhere.example/x'])
      expect(decidePush({ ...message, link }, preferences(), noon)).toMatchObject({
        payload: { link: '/app' },
      });
  });

  it('is urgent for messages only (and the safety question)', () => {
    expect(decidePush({ ...message, type: 'match' }, preferences(), noon)).toMatchObject({ urgent: false });
    expect(decidePush({ ...message, type: 'event' }, preferences(), noon)).toMatchObject({ urgent: false });
  });
});

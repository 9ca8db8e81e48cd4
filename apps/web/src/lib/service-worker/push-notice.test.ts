import { DISCREET_NOTIFICATION_TEXT } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { appLink, NEUTRAL_TEXT, pushNotice } from './push-notice';

const payload = {
  title: 'New message',
  body: 'Anna: Dinner at eight?',
  link: '/messages/m-1',
  tag: 'message-m-1',
};

describe('a push on this device', () => {
  it('shows the payload with the royal icons, opening where it points', () => {
    expect(pushNotice(payload, 'royal')).toEqual({
      title: 'New message',
      options: {
        body: 'Anna: Dinner at eight?',
        tag: 'message-m-1',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { link: '/messages/m-1' },
      },
    });
  });

  it('wears the neutral face when the device chose it: plain icons, and the neutral name for the royal one', () => {
    const discreet = {
      title: 'Royal Circle',
      body: DISCREET_NOTIFICATION_TEXT,
      link: '/app',
      tag: 'activity',
    };
    const notice = pushNotice(discreet, 'neutral');
    expect(notice.title).toBe('Circle');
    expect(notice.options).toMatchObject({
      body: 'New activity',
      icon: '/icons/neutral-192.png',
      badge: '/icons/neutral-badge-96.png',
    });
    expect(pushNotice(discreet, 'royal').title).toBe('Royal Circle');
    // Another title is the server's words: the face changes only the app's own name.
    expect(pushNotice(payload, 'neutral').title).toBe('New message');
  });

  it('still shows a notification that says nothing when the payload is unreadable', () => {
    for (const data of [
      undefined,
      null,
      'text',
      {},
      { ...payload, body: 3 },
      { ...payload, link: 'https://evil.example' },
    ]) {
      const notice = pushNotice(data, 'royal');
      expect(notice.title, JSON.stringify(data)).toBe('Royal Circle');
      expect(notice.options.body).toBe(NEUTRAL_TEXT);
      expect(notice.options.data.link).toBe('/app');
    }
    expect(pushNotice(undefined, 'neutral').title).toBe('Circle');
  });

  it("says what the server's discreet pushes say", () => {
    expect(NEUTRAL_TEXT).toBe(DISCREET_NOTIFICATION_TEXT);
  });

  it('opens only a page of the app', () => {
    expect(appLink('/messages/m-1?x=1')).toBe('/messages/m-1?x=1');
    for (const link of [
      '//evil.example/app',
      '/\\evil.example',
      'https://evil.example',
      'app',
      '',
      7,
      undefined,
    ])
      expect(appLink(link), String(link)).toBe('/app');
    expect(pushNotice({ ...payload, link: '//evil.example' }, 'royal').options.data.link).toBe('/app');
  });
});

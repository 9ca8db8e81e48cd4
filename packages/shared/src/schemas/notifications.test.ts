import { describe, expect, it } from 'vitest';
import { notificationListSchema, notificationSchema } from './notifications';

const notification = {
  id: 'n1',
  type: 'match',
  title: "It's a Match!",
  message: 'You and Ava liked each other!',
  created_at: '2025-06-01T12:00:00.000Z',
  is_read: false,
  link: null,
  actor: { id: 'u2', name: 'Ava', avatar: null },
};

describe('notification schemas', () => {
  it('accepts a notification with or without an actor', () => {
    expect(notificationSchema.safeParse(notification).success).toBe(true);
    expect(notificationSchema.safeParse({ ...notification, type: 'system', actor: null }).success).toBe(true);
  });

  it('refuses unknown types and non-ISO dates', () => {
    expect(notificationSchema.safeParse({ ...notification, type: 'poke' }).success).toBe(false);
    expect(notificationSchema.safeParse({ ...notification, created_at: 'yesterday' }).success).toBe(false);
  });

  it('needs a non-negative unread count', () => {
    expect(notificationListSchema.safeParse({ items: [notification], unread_count: 1 }).success).toBe(true);
    expect(notificationListSchema.safeParse({ items: [], unread_count: -1 }).success).toBe(false);
  });
});

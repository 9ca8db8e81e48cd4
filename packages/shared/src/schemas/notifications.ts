import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../enums';

export const notificationActorSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    avatar: z.string().nullable().describe('Image URL, usually a same-origin path'),
  })
  .describe('The member the notification is about, if any');

export const notificationSchema = z.object({
  id: z.string().min(1),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  link: z.string().nullable().describe('In-app route to open on click, e.g. /messages'),
  is_read: z.boolean(),
  actor: notificationActorSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema).describe('Newest first'),
  unread_count: z.int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

import { z } from 'zod';

// Web push (issue 40): the server's VAPID public key, and a device's subscription as the browser's
// PushSubscription.toJSON() gives it.

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const base64url = (max: number) => z.string().min(1).max(max).regex(BASE64URL, 'Not base64url');

export const pushPublicKeySchema = z
  .object({ public_key: z.string().describe('The VAPID public key, base64url (applicationServerKey)') })
  .describe('What a browser subscribes with');
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Push services answer on https only; the length bounds what one member can make us store. */
export const pushEndpointSchema = z
  .string()
  .max(2048)
  .check(z.url({ protocol: /^https$/, message: 'A push endpoint is an https URL' }));

export const pushSubscriptionInputSchema = z
  .object({
    endpoint: pushEndpointSchema,
    keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
  })
  .describe("This device's subscription, as PushSubscription.toJSON() gives it");
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionRemovalSchema = z
  .object({ endpoint: pushEndpointSchema })
  .describe('The subscription of the device that opts out');

/** The words of a push in discreet mode, and of the tab title while something is unread. */
export const DISCREET_NOTIFICATION_TEXT = 'New activity';

/** A push's payload as the service worker reads it (encrypted end to end to the device). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Where a tap opens, inside the app. */
  link: z.string().startsWith('/'),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

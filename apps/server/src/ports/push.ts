/** A device as the push service knows it: PushSubscription.toJSON()'s endpoint and keys. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** One push: its payload (encrypted to the device on the way) and how the service should treat it. */
export type OutgoingPush = {
  /** The JSON text the service worker reads (pushPayloadSchema). */
  payload: string;
  /** How long the service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** A pending push with the same topic is replaced by this one at the service (base64url, ≤ 32). */
  topic: string;
};

/**
 * The device is gone (the push service answered 404 or 410, or the endpoint is no push service):
 * the subscription is removed, never tried again. Every other failure is an ordinary error, tried
 * again later.
 */
export class PushSubscriptionGone extends Error {
  constructor(reason: string) {
    super(`subscription gone: ${reason}`);
    this.name = 'PushSubscriptionGone';
  }
}

/**
 * Where the delivery worker hands each push (modules/push/delivery.ts; adapters/push/web-push.ts
 * is the web-push library with our VAPID keys). `send` resolves once the push service accepted it,
 * throws PushSubscriptionGone when the device is gone, and anything else when it should be tried
 * again. The same shape as the mail and SMS transports (ports/mail.ts, ports/sms.ts).
 */
export interface PushSender {
  readonly kind: string;
  send(target: PushTarget, push: OutgoingPush): Promise<void>;
}

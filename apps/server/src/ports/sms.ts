/**
 * A queued text message as the SMS provider gets it. `id` is its outbox row's and stays the same if
 * it is handed over again (a crash between the hand-over and the row's commit): a provider adapter
 * passes it as its idempotency key, so the repeat is recognised downstream.
 */
export type QueuedSms = { id: string; to: string; text: string };

/**
 * The SMS provider: where the delivery worker hands each queued text (modules/sms/delivery.ts;
 * adapters/sms/console.ts is the default). `send` resolves once the text is accepted and throws when
 * it is not (it is tried again later). The same shape as the mail transport (ports/mail.ts).
 */
export interface SmsTransport {
  readonly kind: string;
  send(sms: QueuedSms): Promise<void>;
}

/**
 * A queued e-mail as the transport gets it. `id` is its outbox row's and stays the same if it is
 * handed over again: an SMTP adapter uses it as the Message-ID (or a provider's idempotency key), so
 * a repeat after a crash between the hand-over and the row's commit is recognised downstream.
 */
export type QueuedEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** security mails always reach the member; notice mails carry a List-Unsubscribe header. */
  kind: MailKind;
};

/** What an e-mail is about (modules/mail/layout.ts renders both kinds). */
export type MailKind = 'security' | 'notice';

/**
 * The mail transport: where the delivery worker hands each queued e-mail (modules/mail/delivery.ts,
 * decision 034; modules/mail/transport.ts has the default). `send` resolves once the e-mail is
 * accepted and throws when it is not (it is tried again later).
 */
export interface MailTransport {
  readonly kind: string;
  send(email: QueuedEmail): Promise<void>;
}

import type { MailTransport } from '../../ports/mail';

/**
 * The mail transport with no SMTP configured: nothing leaves the server, and an e-mail counts as sent
 * once its row says so; the dev mailbox (GET /api/dev/mailbox) shows what was sent. An SMTP adapter
 * implements the same port (ports/mail.ts).
 */
export const outboxOnlyTransport: MailTransport = {
  kind: 'outbox',
  async send() {},
};

import { deliverOutbox, type OutboxDeliveryDeps } from '../../db/outbox-delivery';
import { outboxEmails } from '../../db/schema';
import type { MailTransport } from '../../ports/mail';

/** Hand-overs the transport may refuse before an e-mail is given up as failed (about a day). */
export const MAIL_MAX_ATTEMPTS = 10;
const EMAILS_PER_PASS = 20;

export type MailDeliveryDeps = OutboxDeliveryDeps & { transport: MailTransport };

/**
 * One pass of the delivery worker over the e-mail outbox (db/outbox-delivery.ts). Each queued e-mail
 * that is due is claimed in its own transaction (FOR UPDATE SKIP LOCKED: instances side by side never
 * take the same one), handed to the transport and marked sent in that transaction. A process that
 * dies before the COMMIT leaves it queued and unlocked, and it is handed over again: with the default
 * transport, which only marks the row, each e-mail is sent exactly once; an SMTP transport gets the
 * same id again (ports/mail.ts). A refusal is recorded and tried later (outboxRetryDelayMs), until
 * MAIL_MAX_ATTEMPTS. Returns how many were sent.
 */
export function sendQueuedEmails(deps: MailDeliveryDeps, limit = EMAILS_PER_PASS): Promise<number> {
  return deliverOutbox(
    deps,
    {
      table: outboxEmails,
      handOver: (email) =>
        deps.transport.send({
          id: email.id,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          kind: email.kind,
          ...(email.htmlBody === null ? {} : { html: email.htmlBody }),
        }),
      maxAttempts: MAIL_MAX_ATTEMPTS,
      log: {
        idKey: 'emailId',
        refused: 'e-mail refused by the transport; tried again later',
        givenUp: 'e-mail given up after its last attempt',
      },
    },
    limit,
  );
}

import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailKind } from './layout';

/**
 * An e-mail to queue; renderMail (layout.ts) gives subject, text, html and kind:
 * `queueEmail(tx, { to, ...renderMail({ title, paragraphs, action, kind }) })`. `kind` decides the
 * List-Unsubscribe header (none on security mails, the default).
 */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; kind?: MailKind };

/**
 * Every e-mail is first written to the outbox table, in the transaction of the operation that sends
 * it, so an e-mail exists exactly when its operation committed; the delivery worker then hands it to
 * the mail transport (delivery.ts). With no SMTP configured that only marks it sent: the dev mailbox
 * (GET /api/dev/mailbox, admins in demo mode) shows what was sent.
 */
export async function queueEmail(tx: Pick<Db, 'insert'>, email: OutgoingEmail) {
  await tx.insert(outboxEmails).values({
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    kind: email.kind ?? 'security',
  });
}

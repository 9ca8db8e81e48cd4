import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idPk } from './columns';
import { outboxDeliveryColumns } from './delivery-columns';

/**
 * Who did what to what: admin decisions, tier changes, money operations, deletions. No foreign key
 * on the actor: the trail must survive the actor's account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /**
     * The member the row concerns, whatever was acted on: themselves, their photo, a report against
     * them, their verification or support request (null for an event, a waitlist applicant, the
     * system's own work). The Audit Log's member filter reads it (migration 0058).
     */
    memberId: uuid('member_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    // The Audit Log tab's filters, each newest first by id as the list pages (modules/audit).
    index('audit_log_actor_idx').on(t.actorId, t.id.desc().nullsFirst()),
    index('audit_log_member_idx')
      .on(t.memberId, t.id.desc().nullsFirst())
      .where(sql`${t.memberId} is not null`),
    index('audit_log_action_idx').on(t.action, t.id.desc().nullsFirst()),
  ],
);

export { outboxStatus } from './delivery-columns';

/**
 * Every outgoing e-mail, written in the transaction of the operation that sends it; the delivery
 * worker hands each queued one to the mail transport under its row lock and marks it sent in the
 * same transaction (modules/mail/delivery.ts, decision 034). With no SMTP configured the transport
 * does nothing more: the dev mailbox reads the table.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: idPk(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** security (always sent, no List-Unsubscribe) or notice (carries List-Unsubscribe); modules/mail/layout.ts. */
    kind: text('kind', { enum: ['security', 'notice'] })
      .notNull()
      .default('security'),
    ...outboxDeliveryColumns(),
  },
  (t) => [index('outbox_emails_status_created_idx').on(t.status, t.createdAt)],
);

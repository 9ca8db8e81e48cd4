import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { MailTransport } from '../../ports/mail';

/** Hand-overs the transport may refuse before an e-mail is given up as failed (about a day). */
export const MAIL_MAX_ATTEMPTS = 10;
const EMAILS_PER_PASS = 20;

/** The wait before the next try after `attempts` refusals: 1, 2, 4 … minutes, at most 6 hours. */
export const mailRetryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1), 360) * 60_000;

export type MailDeliveryDeps = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  transport: MailTransport;
  /** Runs after the hand-over, before the row's COMMIT (the restart tests' pause point). */
  beforeCommit?: () => Promise<void>;
};

/**
 * One pass of the delivery worker over the e-mail outbox. Each queued e-mail that is due is claimed
 * in its own transaction (FOR UPDATE SKIP LOCKED: instances side by side never take the same one),
 * handed to the transport and marked sent in that transaction. A process that dies before the
 * COMMIT leaves it queued and unlocked, and it is handed over again: with the default transport,
 * which only marks the row, each e-mail is sent exactly once; an SMTP transport gets the same id
 * again (ports/mail.ts). A refusal is recorded and tried later (mailRetryDelayMs), until
 * MAIL_MAX_ATTEMPTS. Returns how many were sent.
 */
export async function sendQueuedEmails(deps: MailDeliveryDeps, limit = EMAILS_PER_PASS): Promise<number> {
  let sent = 0;
  for (let i = 0; i < limit; i += 1) {
    const outcome = await deps.db.transaction((tx) => sendNext(deps, tx));
    if (outcome === 'none') break;
    if (outcome === 'sent') sent += 1;
  }
  return sent;
}

async function sendNext(deps: MailDeliveryDeps, tx: Db): Promise<'none' | 'sent' | 'refused'> {
  const [email] = await tx
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'queued'), lte(outboxEmails.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outboxEmails.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!email) return 'none';
  try {
    await deps.transport.send({
      id: email.id,
      to: email.toAddress,
      subject: email.subject,
      text: email.textBody,
      kind: email.kind,
      ...(email.htmlBody === null ? {} : { html: email.htmlBody }),
    });
  } catch (error) {
    const attempts = email.attempts + 1;
    const givenUp = attempts >= MAIL_MAX_ATTEMPTS;
    const facts = { err: error, emailId: email.id, attempts };
    if (givenUp) deps.log.error(facts, 'e-mail given up after its last attempt');
    else deps.log.warn(facts, 'e-mail refused by the transport; tried again later');
    await tx
      .update(outboxEmails)
      .set({
        attempts,
        error: error instanceof Error ? error.message : String(error),
        ...(givenUp
          ? { status: 'failed' as const }
          : { nextAttemptAt: sql`now() + ${mailRetryDelayMs(attempts)}::int * interval '1 millisecond'` }),
      })
      .where(eq(outboxEmails.id, email.id));
    return 'refused';
  }
  await tx
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: sql`now()`, error: null })
    .where(eq(outboxEmails.id, email.id));
  await deps.beforeCommit?.();
  return 'sent';
}

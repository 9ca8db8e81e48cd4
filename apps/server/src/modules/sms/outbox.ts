import type { Db } from '../../db/client';
import { outboxSms } from '../../db/schema';

/** How long a text may be: ten SMS segments; ours are far shorter, this bounds a mistake. */
export const SMS_MAX_LENGTH = 1_600;

/**
 * Every text is first written to the outbox table, in the transaction of the operation that sends
 * it, so a text exists exactly when its operation committed; the delivery worker then hands it to
 * the SMS transport (delivery.ts), as e-mails go (modules/mail/outbox.ts).
 */
export async function queueSms(tx: Pick<Db, 'insert'>, sms: { to: string; text: string }) {
  await tx.insert(outboxSms).values({ toNumber: sms.to, body: sms.text.slice(0, SMS_MAX_LENGTH) });
}

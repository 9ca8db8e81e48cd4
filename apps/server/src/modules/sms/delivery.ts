import { deliverOutbox, type OutboxDeliveryDeps } from '../../db/outbox-delivery';
import { outboxSms } from '../../db/schema';
import type { SmsTransport } from '../../ports/sms';

/** Hand-overs the provider may refuse before a text is given up as failed (about a day). */
export const SMS_MAX_ATTEMPTS = 10;
const TEXTS_PER_PASS = 20;

export type SmsDeliveryDeps = Omit<OutboxDeliveryDeps, 'beforeCommit'> & { transport: SmsTransport };

/**
 * One pass of the delivery worker over the SMS outbox, as over the e-mail outbox
 * (db/outbox-delivery.ts): each due text is claimed in its own transaction (FOR UPDATE SKIP
 * LOCKED), handed to the transport and marked sent in that transaction; a refusal is recorded and
 * tried later, until SMS_MAX_ATTEMPTS. Returns how many were sent.
 */
export function sendQueuedSms(deps: SmsDeliveryDeps, limit = TEXTS_PER_PASS): Promise<number> {
  return deliverOutbox(
    deps,
    {
      table: outboxSms,
      handOver: (sms) => deps.transport.send({ id: sms.id, to: sms.toNumber, text: sms.body }),
      maxAttempts: SMS_MAX_ATTEMPTS,
      log: {
        idKey: 'smsId',
        refused: 'SMS refused by the provider; tried again later',
        givenUp: 'SMS given up after its last attempt',
      },
    },
    limit,
  );
}

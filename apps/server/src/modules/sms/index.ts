// The SMS module's public surface (issue 39): every text goes through the outbox, in its
// operation's transaction, and the delivery worker hands it to the SMS transport.
export { SMS_MAX_ATTEMPTS, type SmsDeliveryDeps, sendQueuedSms } from './delivery';
export { queueSms, SMS_MAX_LENGTH } from './outbox';

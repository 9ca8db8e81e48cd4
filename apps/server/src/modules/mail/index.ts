// The mail module's public surface: every e-mail goes through the outbox, in its operation's transaction.
export { type OutgoingEmail, queueEmail } from './outbox';

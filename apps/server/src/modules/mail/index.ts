// The mail module's public surface: every e-mail goes through the outbox, in its operation's
// transaction, and the delivery worker hands it to the transport.
export { MAIL_MAX_ATTEMPTS, type MailDeliveryDeps, sendQueuedEmails } from './delivery';
export {
  escapeHtml,
  MAIL_KINDS,
  type MailContent,
  type MailKind,
  type RenderedMail,
  renderMail,
} from './layout';
export { type OutgoingEmail, queueEmail } from './outbox';
export { outboxOnlyTransport } from './transport';

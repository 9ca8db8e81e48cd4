// The webhooks module: the one route that changes balances and tiers, and the sandbox's checkout page API.
export { applyPaymentEvent, receiveWebhook, type WebhookOutcome } from './dispatch';
export { reconcilePayments } from './reconcile';

// The admin queues' public surface (their routes are registered from src/routes.ts): the check every
// queue's decide verb runs in its transaction.
export { settleClaimForDecision } from './settle';

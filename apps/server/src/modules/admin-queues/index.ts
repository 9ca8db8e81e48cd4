// The admin queues' public surface (their routes are registered from src/routes.ts): the check every
// queue's decide verb runs in its transaction, and each queue's "waiting" rule for the lists.
export { QUEUES } from './queues';
export { settleClaimForDecision } from './settle';

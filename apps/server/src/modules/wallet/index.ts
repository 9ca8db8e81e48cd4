// The wallet module's public surface: the ledger and its money operations.

export { creditDeposit } from './deposit';
export { type IdempotentReply, purgeIdempotencyKeys, runIdempotent } from './idempotency';
export { type Leg, type LockedWallets, lockWallets, PLATFORM_ACCOUNTS, postEntry } from './ledger';
export { releaseDueTransfers } from './release';
export { idempotentHandler, type Keyed, MONEY_ROUTE_ERRORS, sendIdempotent } from './reply';
export { purgeExpiredTransactions } from './retention';
export { transferEventsRecipe } from './transfer';
export { TRANSFER_EVENTS_RECIPE } from './transfer-statement';
export { ensurePayoutRequested, requestPendingPayouts, settleWithdrawal } from './withdraw';

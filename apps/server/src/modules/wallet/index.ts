// The wallet module's public surface: the ledger and its money operations.
export { type IdempotentReply, purgeIdempotencyKeys, runIdempotent } from './idempotency';
export { type Leg, type LockedWallets, lockWallets, PLATFORM_ACCOUNTS, postEntry } from './ledger';
export { idempotentHandler, type Keyed, MONEY_ROUTE_ERRORS, sendIdempotent } from './reply';
export {
  creditDeposit,
  ensurePayoutRequested,
  releaseDueTransfers,
  requestPendingPayouts,
  settleWithdrawal,
} from './service';

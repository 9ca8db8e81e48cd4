import { TRANSFER_GUARD } from '@royal/shared';

/** Why a guarded transfer needs its sender's confirmation and a cool-off hold. */
export type GuardReason = 'new_match' | 'large_amount';

/** The window of the large-amount rule: what one sender sent one member in the last day. */
const LARGE_AMOUNT_WINDOW_HOURS = 24;

/**
 * The scam guardrails' limits as record_transfer (db/sql/record_transfer.sql, step 3) reads them. A
 * large amount always needs confirmation: this transfer with what the sender sent the same member in
 * the last 24 hours, held or delivered (so five transfers just under the threshold are not five small
 * ones); otherwise the first transfer to someone matched less than 24 hours ago does. Members who never
 * matched are not treated as a new match: the rule targets the scam pattern of a fresh match asking
 * for money.
 */
export const GUARD_LIMITS = {
  confirm_at_cents: TRANSFER_GUARD.confirmAtCents,
  new_match_hours: TRANSFER_GUARD.newMatchHours,
  large_window_hours: LARGE_AMOUNT_WINDOW_HOURS,
} as const;

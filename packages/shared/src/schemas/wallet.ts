import { z } from 'zod';
import { BOOST_TYPES, SUBSCRIPTION_STATUSES, TRANSACTION_TYPES, TRANSFER_TYPES } from '../enums';
import { formatCents } from '../format';
import { MAX_MONEY_CENTS, MIN_MONEY_CENTS, TRANSFER_MESSAGE_MAX } from '../limits';
import { TIERS, type TierLevel, tierSchema, upgradeToText } from '../tiers';
import { pageSchema, uuidInput } from './common';

// Money travels as integer cents in both directions (DESIGN "Money"): the spec's dollar inputs are
// converted by the client before sending, so no float ever reaches a balance.

export const INVALID_AMOUNT_TEXT = 'Invalid amount';
export const MIN_DEPOSIT_TEXT = 'Minimum deposit is $1.00';
export const MIN_WITHDRAWAL_TEXT = 'Minimum withdrawal is $1.00';
export const MIN_TRANSFER_TEXT = 'Minimum transfer is $1.00';
/** A receiver id that is not one (a name, a typo). */
export const RECEIVER_INVALID_TEXT = 'Please enter a valid member user ID';
export const RECEIVER_REQUIRED_TEXT = 'Receiver required';
export const RECEIVER_HINT_TEXT = "Please enter the receiver's user ID";

// Toasts (part 2 §8).
export const WALLET_TOASTS = {
  depositRedirect: 'Redirecting to payment',
  depositRedirectDescription: 'Complete your deposit in the new tab',
  depositFailed: 'Deposit failed',
  withdrawalProcessed: 'Withdrawal processed',
  withdrawalFailed: 'Withdrawal failed',
  transferSent: 'Transfer sent',
  transferFailed: 'Transfer failed',
  walletUpdated: 'Wallet updated',
} as const;

export const SUBSCRIPTION_TOASTS = {
  createFailed: 'Failed to create subscription. Please try again.',
  manageFailed: 'Failed to open subscription management. Please try again.',
  boostFailed: 'Failed to purchase boost. Please try again.',
} as const;

/** A positive whole number of cents, at least $1.00, with the spec's text for each failure. */
function centsSchema(minimumText: string) {
  return z
    .number({ error: INVALID_AMOUNT_TEXT })
    .int({ error: INVALID_AMOUNT_TEXT })
    .positive({ error: INVALID_AMOUNT_TEXT })
    .min(MIN_MONEY_CENTS, { error: minimumText })
    .max(MAX_MONEY_CENTS, { error: `At most ${formatCents(MAX_MONEY_CENTS)} at a time` })
    .describe('Amount in integer cents');
}

/** The header every money route requires: the member's own key for this one attempt. */
export const idempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string({ error: 'Idempotency-Key header required' })
    .regex(/^[\x21-\x7e]{8,128}$/, { error: 'Idempotency-Key must be 8–128 visible ASCII characters' })
    .describe('Chosen by the client per attempt; a repeat returns the first reply'),
});

export const walletSchema = z.object({
  balance_cents: z.number().int().describe('Spendable'),
  held_cents: z.number().int().describe('Reserved by pending withdrawals and transfers on hold'),
  tier_level: tierSchema,
  min_escrow_cents: z.number().int(),
  max_escrow_cents: z.number().int().nullable().describe('null: no upper bound'),
});
export type Wallet = z.infer<typeof walletSchema>;

export const depositBodySchema = z.object({ amount_cents: centsSchema(MIN_DEPOSIT_TEXT) });
export type DepositBody = z.infer<typeof depositBodySchema>;

export const checkoutReplySchema = z.object({
  checkout_id: z.uuid(),
  url: z.string().describe('Where to pay: opened in a new tab'),
});
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

export const withdrawalBodySchema = z.object({ amount_cents: centsSchema(MIN_WITHDRAWAL_TEXT) });
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'failed'] as const;
export const withdrawalSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
});
export const withdrawalReplySchema = z.object({
  withdrawal: withdrawalSchema,
  new_balance_cents: z.number().int(),
});
export type WithdrawalReply = z.infer<typeof withdrawalReplySchema>;

/**
 * A member's user id typed by the member: none given, `requiredText`; something else that is not an
 * id, say so (RECEIVER_INVALID_TEXT), not that it is missing.
 */
const memberIdInput = (requiredText: string) =>
  uuidInput({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? requiredText : RECEIVER_INVALID_TEXT,
  });

export const transferBodySchema = z.object({
  receiver_id: memberIdInput(RECEIVER_REQUIRED_TEXT).describe('The receiving member’s user id'),
  amount_cents: centsSchema(MIN_TRANSFER_TEXT),
  transfer_type: z.enum(TRANSFER_TYPES).default('general'),
  message: z.string().trim().max(TRANSFER_MESSAGE_MAX).optional(),
  /** Set after the member read the romance-scam warning of a guarded transfer. */
  confirmed: z.boolean().optional(),
});
export type TransferBody = z.input<typeof transferBodySchema>;

/** `returned`: a held transfer that could not be delivered when its cool-off ended went back to its sender. */
export const PEER_TRANSFER_STATUSES = ['held', 'completed', 'cancelled', 'returned'] as const;
export const transferSchema = z.object({
  id: z.uuid(),
  receiver_id: z.uuid(),
  amount_cents: z.number().int(),
  transfer_type: z.enum(TRANSFER_TYPES),
  status: z.enum(PEER_TRANSFER_STATUSES),
  release_at: z.iso.datetime({ offset: true }).nullable().describe('A held transfer arrives then'),
});
export const transferReplySchema = z.object({
  transfer: transferSchema,
  new_balance_cents: z.number().int(),
});
export type TransferReply = z.infer<typeof transferReplySchema>;

export const WALLET_TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'voided'] as const;
export const walletHistoryItemSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number().int().describe('Signed from your point of view'),
  transaction_type: z.enum(TRANSACTION_TYPES),
  transfer_type: z.enum(TRANSFER_TYPES).nullable(),
  counterparty: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  message: z.string().nullable(),
  status: z.enum(WALLET_TRANSACTION_STATUSES),
  /** A held transfer you sent: cancel it with this id before it is released. */
  transfer_id: z.uuid().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export const walletHistoryPageSchema = pageSchema(walletHistoryItemSchema);
export type WalletHistoryItem = z.infer<typeof walletHistoryItemSchema>;
export type WalletHistoryPage = z.infer<typeof walletHistoryPageSchema>;

export const CHECKOUT_OUTCOMES = ['pay', 'decline', 'cancel'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];
export const CHECKOUT_STATUSES = ['open', 'paid', 'declined', 'cancelled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** A checkout that will never be paid: the tab that waits for it may stop. */
export const isCheckoutClosedUnpaid = (status: CheckoutStatus) =>
  status === 'declined' || status === 'cancelled' || status === 'expired';
export const sandboxCheckoutSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(['deposit', 'subscription', 'boost']),
  description: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(CHECKOUT_STATUSES),
});
export const checkoutStateSchema = z
  .object({ id: z.uuid(), status: z.enum(CHECKOUT_STATUSES) })
  .describe('Open until the provider reports the checkout paid, declined, cancelled or expired');
export type CheckoutState = z.infer<typeof checkoutStateSchema>;
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;
export const sandboxOutcomeBodySchema = z.object({ outcome: z.enum(CHECKOUT_OUTCOMES) });

export const createSubscriptionBodySchema = z.object({ tier_level: tierSchema });
export const purchaseBoostBodySchema = z.object({ boost_type: z.enum(BOOST_TYPES) });
export const portalReplySchema = z.object({ url: z.string() });

export const subscriptionStateSchema = z.object({
  tier_level: tierSchema,
  active: z.boolean().describe('Paid and not past its end date, or sponsored'),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable().describe('The provider plan, if any'),
  cancel_at_period_end: z.boolean(),
  manageable: z.boolean().describe('A provider plan exists: the Manage button opens its portal'),
  sponsored_by: z
    .object({
      id: z.uuid(),
      name: z.string(),
      until: z.iso
        .datetime({ offset: true })
        .describe('The end of the paid period, unless the sponsor’s plan ends first'),
    })
    .nullable(),
  boosts: z.array(
    z.object({
      boost_type: z.enum(BOOST_TYPES),
      remaining: z.number().int(),
      active_until: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

const memberRefSchema = z.object({ id: z.uuid(), name: z.string() });

export const sponsorshipSchema = z.object({
  id: z.uuid(),
  sponsor: memberRefSchema,
  sponsored: memberRefSchema,
  created_at: z.iso.datetime({ offset: true }).describe('The start of the paid period'),
  paid_until: z.iso
    .datetime({ offset: true })
    .describe('Access lasts until then, unless the sponsor’s Vault Verified plan ends first'),
  price_cents: z
    .int()
    .min(0)
    .describe('What the sponsor paid for the period (0: given before sponsorships were paid)'),
  paused: z
    .boolean()
    .describe(
      'The sponsor’s plan is not in force: no access until it is renewed (it ends if not within a day)',
    ),
});
export type Sponsorship = z.infer<typeof sponsorshipSchema>;
export const sponsorshipListSchema = z.object({
  given: z.array(sponsorshipSchema),
  received: sponsorshipSchema.nullable(),
});
export type SponsorshipList = z.infer<typeof sponsorshipListSchema>;
export const SPONSORED_MEMBER_REQUIRED_TEXT = 'Please enter the member user ID to sponsor';
export const SPONSORED_MEMBER_UNAVAILABLE_TEXT = 'This member cannot be sponsored';
export const SPONSORSHIP_PRICE_REQUIRED_TEXT = 'Please check the price before sponsoring';

// A sponsorship is not a transfer and has no receiver: its own words when no member is given.
const sponsoredMemberInput = () => memberIdInput(SPONSORED_MEMBER_REQUIRED_TEXT);

/** Who would be sponsored: the price and period are shown before anything is paid. */
export const sponsorshipQuoteQuerySchema = z.object({ user_id: sponsoredMemberInput() });
export const sponsorshipQuoteSchema = z.object({
  member: memberRefSchema.extend({ tier_level: tierSchema }),
  price_cents: z.int().positive().describe('One period of the member’s own monthly plan'),
  period_days: z.int().positive(),
  paid_until: z.iso.datetime({ offset: true }).describe('Where the period would end if paid now'),
  balance_cents: z.int().describe('The sponsor’s spendable wallet balance, which pays'),
});
export type SponsorshipQuote = z.infer<typeof sponsorshipQuoteSchema>;

export const sponsorBodySchema = z.object({
  user_id: sponsoredMemberInput(),
  price_cents: z
    .int({ error: SPONSORSHIP_PRICE_REQUIRED_TEXT })
    .positive({ error: SPONSORSHIP_PRICE_REQUIRED_TEXT })
    .describe(
      'The price the member was shown (the quote); refused if the member’s plan costs something else now',
    ),
});
export type SponsorBody = z.infer<typeof sponsorBodySchema>;
export const sponsorReplySchema = z.object({
  sponsorship: sponsorshipSchema,
  new_balance_cents: z.int(),
});
export type SponsorReply = z.infer<typeof sponsorReplySchema>;
export const endSponsorshipReplySchema = z.object({
  refunded_cents: z.int().min(0).describe('The unused share of the period, back in the sponsor’s wallet'),
  new_balance_cents: z.int(),
});
export type EndSponsorshipReply = z.infer<typeof endSponsorshipReplySchema>;

/**
 * Scam guardrails on peer transfers: the first transfer to someone matched less than
 * `newMatchHours` ago, or any transfer of at least `confirmAtCents`, needs the member's confirmation
 * after a plain warning, and is then held for `coolOffMinutes` during which the sender can cancel it.
 */
export const TRANSFER_GUARD = {
  newMatchHours: 24,
  confirmAtCents: 50_000,
  coolOffMinutes: 60,
} as const;

export const ROMANCE_SCAM_WARNING_TEXT =
  'Romance scams often begin with a new match asking for money. Never send money to someone you have not met in person and do not trust. ' +
  `This transfer will be held for ${TRANSFER_GUARD.coolOffMinutes} minutes, and you can cancel it until then.`;
export const TRANSFER_SELF_TEXT = 'You cannot transfer to yourself';
export const RECEIVER_UNAVAILABLE_TEXT = 'This member cannot receive transfers';
export const TRANSFER_NOT_CANCELLABLE_TEXT = 'This transfer can no longer be cancelled';
export const NO_WALLET_TEXT = `Observer members have no escrow wallet. ${upgradeToText(1)} to use it.`;
/** Said before the deposit form to a member whose tier holds no escrow, instead of after a refusal. */
export const DEPOSITS_START_TEXT = `Deposits start at ${TIERS[1].name}. Observer members have no escrow to add to.`;

/** Whether a tier may deposit at all: the server refuses a deposit where the escrow maximum is zero. */
export function tierCanDeposit(tier: TierLevel): boolean {
  return TIERS[tier].maxEscrowCents !== 0;
}

export function escrowLimitMessage(maxCents: number): string {
  return `This deposit would take your balance above your tier’s escrow maximum of ${formatCents(maxCents)}`;
}

/**
 * The same limit, reached only with the member's deposits still waiting for payment (a checkout left
 * open in another tab): they may finish or cancel it, or wait for it to lapse.
 */
export function pendingDepositsLimitMessage(maxCents: number, pendingCents: number): string {
  return `Your deposits waiting for payment (${formatCents(pendingCents)}) and this one would take your balance above your tier’s escrow maximum of ${formatCents(maxCents)}. Finish or cancel them first.`;
}

/** The payment sandbox's TEST MODE plan management page (its stand-in for a provider's portal). */
export const SANDBOX_PLAN_ACTIONS = ['cancel_at_period_end', 'cancel_now', 'resume'] as const;
export type SandboxPlanAction = (typeof SANDBOX_PLAN_ACTIONS)[number];
export const sandboxPlanSchema = z.object({
  tier_level: tierSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: z.iso.datetime({ offset: true }).nullable(),
  cancel_at_period_end: z.boolean(),
});
export const sandboxPlanActionBodySchema = z.object({ action: z.enum(SANDBOX_PLAN_ACTIONS) });

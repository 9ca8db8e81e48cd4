import { AppError, ErrorCode } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkouts, paymentEvents } from '../../db/schema';
import type { Work } from '../../db/transaction';
import {
  applyBoostPaid,
  applyPlanPaid,
  applySubscriptionRenewed,
  applySubscriptionUpdated,
  cancelReplacedPlans,
} from '../billing';
import { outOfRangeAmount, type PaymentEvent, WebhookRejected } from '../payments';
import { creditDeposit, settleWithdrawal } from '../wallet';
import { flag, payoutContradiction } from './flags';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * The one way money and tiers change from outside: a provider webhook, verified on its raw body, then
 * applied in one transaction that first records the provider's event id (payment_events primary
 * key). A second delivery of the same event — or ten at once — finds the id taken and changes nothing.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<WebhookOutcome> {
  // Only the configured provider's webhooks are accepted: in Stripe mode nobody can post sandbox events.
  if (providerName !== ctx.payments.name) throw new AppError(ErrorCode.NOT_FOUND, 'Unknown payment provider');
  let event: PaymentEvent;
  try {
    event = ctx.payments.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookRejected) {
      ctx.log.warn({ reason: error.message }, 'webhook rejected');
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid webhook signature');
    }
    throw error;
  }
  return applyPaymentEvent(ctx, providerName, event);
}

export async function applyPaymentEvent(
  ctx: AppContext,
  providerName: string,
  event: PaymentEvent,
): Promise<WebhookOutcome> {
  // A new plan that replaced a running one: the old one is cancelled at the provider once this commits.
  const replacedFor: { userId: string | null } = { userId: null };
  const eventId = `${providerName}:${event.id}`;
  const outOfRange = outOfRangeAmount(event);
  const outcome = await ctx.transact(async (work): Promise<WebhookOutcome> => {
    const recorded = await work.tx
      .insert(paymentEvents)
      .values({ providerEventId: eventId, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.providerEventId });
    if (recorded.length === 0) return 'duplicate';
    if (outOfRange) {
      // Signed, but not an amount any payment of ours can carry (decision 028): never applied, and
      // recorded, so the provider's retries stop; an admin looks at it.
      await flag(work, 'provider_amount_out_of_range', outOfRange.reference, {
        event_id: eventId,
        type: event.type,
        amount: outOfRange.amount,
      });
      return 'ignored';
    }
    switch (event.type) {
      case 'checkout.paid':
        return checkoutPaid(work, event, eventId, replacedFor);
      case 'checkout.failed': {
        // Only an open checkout closes: a late "expired" after "paid" (events arrive in any order) is moot.
        const [row] = await work.tx
          .select()
          .from(checkouts)
          .where(eq(checkouts.id, event.checkoutId))
          .for('update');
        if (row?.status === 'open') {
          await work.tx.update(checkouts).set({ status: event.outcome }).where(eq(checkouts.id, row.id));
        }
        return 'applied';
      }
      case 'payout.paid':
      case 'payout.failed': {
        const result = await settleWithdrawal(work, {
          withdrawalId: event.withdrawalId,
          paid: event.type === 'payout.paid',
          eventId,
        });
        if (result === 'unknown') await flag(work, 'unknown_payout', event.payoutId, { event });
        else if (result !== 'settled') {
          // Settled already, and this event says otherwise (a payout can fail after it was reported paid).
          const provider = event.type === 'payout.paid' ? 'paid' : 'failed';
          const contradiction = payoutContradiction(provider, result.alreadySettledAs);
          if (contradiction) await flag(work, contradiction, event.withdrawalId, { event });
        }
        return 'applied';
      }
      case 'subscription.renewed': {
        // The provider charged a plan that is no longer the member's: booked, and an admin looks.
        const renewed = await applySubscriptionRenewed(work, event, eventId);
        if (renewed === 'replaced' || renewed === 'canceled') {
          await flag(work, `${renewed}_plan_renewed`, event.subscriptionId, { event });
        }
        return 'applied';
      }
      case 'subscription.updated':
        await applySubscriptionUpdated(work, event);
        return 'applied';
      case 'payment.reversed':
        // Money a card paid in was taken back at the provider. The ledger already credited it (and
        // the member may have spent or moved it): an admin decides, so it is flagged, never guessed.
        await flag(
          work,
          event.reason === 'disputed' ? 'payment_disputed' : 'payment_refunded',
          event.chargeId,
          {
            event,
          },
        );
        return 'applied';
      case 'ignored':
        return 'ignored';
    }
  });
  if (outOfRange && outcome === 'ignored') {
    ctx.log.error(
      { eventId, type: event.type, ...outOfRange },
      'provider amount is not a bounded whole number of cents: not applied',
    );
  }
  // Counted once it is committed, and once per provider event (a duplicate is not applied).
  if (outcome === 'applied') ctx.metrics.paymentEventApplied(event);
  if (replacedFor.userId) await cancelReplacedPlans(ctx, { userId: replacedFor.userId });
  return outcome;
}

async function checkoutPaid(
  work: Work,
  event: Extract<PaymentEvent, { type: 'checkout.paid' }>,
  eventId: string,
  replacedFor: { userId: string | null },
) {
  const [checkout] = await work.tx
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, event.checkoutId))
    .for('update');
  if (!checkout) {
    await flag(work, 'unknown_checkout', event.checkoutId, { event });
    return 'applied' as const;
  }
  // A checkout is paid once, whatever events claim it (e.g. Stripe's completed and async_succeeded).
  if (checkout.status === 'paid') return 'duplicate' as const;
  if (event.amountCents !== checkout.amountCents) {
    // Credit what the provider says it took, and have an admin look at why it differs.
    await flag(work, 'amount_mismatch', checkout.id, {
      expected: checkout.amountCents,
      paid: event.amountCents,
    });
  }
  await work.tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, checkout.id));
  const paid = { ...checkout, amountCents: event.amountCents };
  if (checkout.purpose === 'deposit') {
    await creditDeposit(work, {
      userId: checkout.userId,
      amountCents: paid.amountCents,
      checkoutId: checkout.id,
      eventId,
    });
  } else if (checkout.purpose === 'subscription') {
    const { plansToCancel } = await applyPlanPaid(work, paid, event, eventId);
    if (plansToCancel > 0) replacedFor.userId = checkout.userId;
  } else {
    await applyBoostPaid(work, paid, eventId);
  }
  return 'applied' as const;
}

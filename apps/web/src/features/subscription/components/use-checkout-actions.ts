import { type BoostType, SUBSCRIPTION_TOASTS, type TierLevel } from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useCurrentMember } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { openPendingTab } from '@/lib/new-tab';
import { usePaymentWatch } from '@/lib/payment-watch';
import { queryKeys } from '@/lib/query-keys';
import { useCreateSubscription, useManageSubscription, usePurchaseBoost } from '../api/subscription';

/** Subscribe, manage and buy-a-boost, each opening the provider's page in a new tab, with the spec's failure toasts. */
export function useCheckoutActions() {
  const me = useCurrentMember();
  // A paid plan or boost shows up here (and in every capability) as soon as its webhook lands.
  const watch = usePaymentWatch([queryKeys.subscription, queryKeys.me]);
  const plan = `${me.tier_level}:${me.tier_subscription_active}:${me.tier_subscription_ends_at}`;
  const seenPlan = useRef(plan);
  useEffect(() => {
    if (plan !== seenPlan.current) watch.settle();
    seenPlan.current = plan;
  }, [plan, watch.settle]);
  const create = useCreateSubscription();
  const manage = useManageSubscription();
  const boost = usePurchaseBoost();
  const queryClient = useQueryClient();
  const run = <T>(mutate: (input: T, handlers: object) => void, input: T, failure: string) => {
    const tab = openPendingTab();
    mutate(input, {
      onSuccess: ({ url, checkout_id }: { url: string; checkout_id?: string }) => {
        tab.go(url);
        if (checkout_id) {
          watch.start(checkout_id);
          return;
        }
        // The plan's page at the provider (Manage): no payment to wait for. What the member changed
        // there shows when they come back to this tab.
        window.addEventListener(
          'focus',
          () => {
            for (const queryKey of [queryKeys.subscription, queryKeys.me])
              void queryClient.invalidateQueries({ queryKey });
          },
          { once: true },
        );
      },
      onError: (error: unknown) => {
        tab.close();
        toast.error(failure, { description: errorMessage(error) });
      },
    });
  };
  return {
    awaitingPayment: watch.awaiting,
    pending: create.isPending || manage.isPending || boost.isPending,
    subscribe: (tier: TierLevel) => run(create.mutate, tier, SUBSCRIPTION_TOASTS.createFailed),
    manage: () => run(manage.mutate, undefined, SUBSCRIPTION_TOASTS.manageFailed),
    buyBoost: (type: BoostType) => run(boost.mutate, type, SUBSCRIPTION_TOASTS.boostFailed),
  };
}

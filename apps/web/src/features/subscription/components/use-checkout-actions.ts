import { type BoostType, SUBSCRIPTION_TOASTS, type TierLevel } from '@royal/shared';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { openPendingTab } from '@/lib/new-tab';
import { useCreateSubscription, useManageSubscription, usePurchaseBoost } from '../api/subscription';

/** Subscribe, manage and buy-a-boost, each opening the provider's page in a new tab, with the spec's failure toasts. */
export function useCheckoutActions() {
  const create = useCreateSubscription();
  const manage = useManageSubscription();
  const boost = usePurchaseBoost();
  const run = <T>(mutate: (input: T, handlers: object) => void, input: T, failure: string) => {
    const tab = openPendingTab();
    mutate(input, {
      onSuccess: ({ url }: { url: string }) => tab.go(url),
      onError: (error: unknown) => {
        tab.close();
        toast.error(failure, { description: errorMessage(error) });
      },
    });
  };
  return {
    pending: create.isPending || manage.isPending || boost.isPending,
    subscribe: (tier: TierLevel) => run(create.mutate, tier, SUBSCRIPTION_TOASTS.createFailed),
    manage: () => run(manage.mutate, undefined, SUBSCRIPTION_TOASTS.manageFailed),
    buyBoost: (type: BoostType) => run(boost.mutate, type, SUBSCRIPTION_TOASTS.boostFailed),
  };
}

import {
  type BoostType,
  checkoutReplySchema,
  okSchema,
  portalReplySchema,
  sponsorshipListSchema,
  subscriptionStateSchema,
  type TierLevel,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => api.get(apiPaths.subscription, { schema: subscriptionStateSchema, signal }),
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}

const attemptHeaders = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** create-subscription: a checkout URL for the tier (opened in a new tab by the caller). */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: (tier: TierLevel) =>
      api.post(
        apiPaths.subscriptionCheckout,
        { tier_level: tier },
        { schema: checkoutReplySchema, headers: attemptHeaders() },
      ),
  });
}

/** manage-subscription: the provider's portal URL. */
export function useManageSubscription() {
  return useMutation({
    mutationFn: () => api.post(apiPaths.subscriptionPortal, undefined, { schema: portalReplySchema }),
  });
}

/** purchase-boost: a checkout URL for the boost. */
export function usePurchaseBoost() {
  return useMutation({
    mutationFn: (type: BoostType) =>
      api.post(
        apiPaths.boostCheckout,
        { boost_type: type },
        { schema: checkoutReplySchema, headers: attemptHeaders() },
      ),
  });
}

export function useSponsorships(enabled = true) {
  return useQuery({
    queryKey: queryKeys.sponsorships,
    queryFn: ({ signal }) => api.get(apiPaths.sponsorships, { schema: sponsorshipListSchema, signal }),
    enabled,
  });
}

export function useSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post(apiPaths.sponsorships, { user_id: userId }, { schema: okSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships }),
  });
}

export function useRevokeSponsorship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.sponsorship(id), { schema: okSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships }),
  });
}

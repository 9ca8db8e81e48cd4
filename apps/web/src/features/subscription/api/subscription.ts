import {
  type BoostType,
  checkoutReplySchema,
  endSponsorshipReplySchema,
  portalReplySchema,
  sponsorReplySchema,
  sponsorshipListSchema,
  sponsorshipQuoteSchema,
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

/** What sponsoring this member would cost and until when (the server's refusals as errors). */
export function useSponsorshipQuote() {
  return useMutation({
    mutationFn: (userId: string) =>
      api.get(apiPaths.sponsorshipQuote(userId), { schema: sponsorshipQuoteSchema }),
  });
}

/** A sponsorship moves wallet money: the list, the balance and its history are stale after one. */
function useSponsorshipMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sponsorships }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
      ]),
  });
}

/** Pays one period at the quoted price, once per attempt key. */
export function useSponsor() {
  return useSponsorshipMutation(
    ({ key, userId, priceCents }: { key: string; userId: string; priceCents: number }) =>
      api.post(
        apiPaths.sponsorships,
        { user_id: userId, price_cents: priceCents },
        { schema: sponsorReplySchema, headers: { 'Idempotency-Key': key } },
      ),
  );
}

/** Ends a sponsorship the member gives; the unused share of its period goes back to their wallet. */
export function useEndSponsorship() {
  return useSponsorshipMutation((id: string) =>
    api.delete(apiPaths.sponsorship(id), { schema: endSponsorshipReplySchema }),
  );
}

import {
  type CheckoutOutcome,
  checkoutReplySchema,
  type DepositBody,
  okSchema,
  sandboxCheckoutSchema,
  type TransferBody,
  transferReplySchema,
  type WithdrawalBody,
  walletHistoryPageSchema,
  walletSchema,
  withdrawalReplySchema,
} from '@royal/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wallet,
    queryFn: ({ signal }) => api.get(apiPaths.wallet, { schema: walletSchema, signal }),
  });

export function useWallet(enabled = true) {
  return useQuery({ ...walletQueryOptions(), enabled });
}

export const walletHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.walletHistory,
    queryFn: ({ pageParam, signal }) =>
      api.get(apiPaths.walletHistory(pageParam), { schema: walletHistoryPageSchema, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export function useWalletHistory(enabled = true) {
  return useInfiniteQuery({ ...walletHistoryQueryOptions(), enabled });
}

/** A money request carries the attempt's Idempotency-Key: a retry of the same attempt is answered once. */
type Keyed<T> = { key: string; body: T };
const keyed = (key: string) => ({ 'Idempotency-Key': key });

function useWalletMutation<TInput, TReply>(send: (input: TInput) => Promise<TReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
  });
}

export function useDeposit() {
  return useWalletMutation(({ key, body }: Keyed<DepositBody>) =>
    api.post(apiPaths.deposits, body, { schema: checkoutReplySchema, headers: keyed(key) }),
  );
}

export function useWithdraw() {
  return useWalletMutation(({ key, body }: Keyed<WithdrawalBody>) =>
    api.post(apiPaths.withdrawals, body, { schema: withdrawalReplySchema, headers: keyed(key) }),
  );
}

export function useTransfer() {
  return useWalletMutation(({ key, body }: Keyed<TransferBody>) =>
    api.post(apiPaths.transfers, body, { schema: transferReplySchema, headers: keyed(key) }),
  );
}

export function useCancelTransfer() {
  return useWalletMutation((transferId: string) =>
    api.post(apiPaths.transferCancel(transferId), undefined, { schema: transferReplySchema }),
  );
}

export const sandboxCheckoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.sandboxCheckout(id),
    queryFn: ({ signal }) => api.get(apiPaths.sandboxCheckout(id), { schema: sandboxCheckoutSchema, signal }),
  });

export function useSandboxCheckout(id: string) {
  return useQuery(sandboxCheckoutQueryOptions(id));
}

export function useCompleteSandboxCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: CheckoutOutcome) =>
      api.post(apiPaths.sandboxCheckoutComplete(id), { outcome }, { schema: okSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sandboxCheckout(id) });
      // A payment may have changed the balance, the plan (and so `me`) or the boosts.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
        queryClient.invalidateQueries({ queryKey: queryKeys.subscription }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}

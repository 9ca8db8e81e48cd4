import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from './api';

export type OptimisticMutationOptions<TData, TVariables, TCached> = {
  /**
   * Shared by every mutation that changes the same data (a prefix match): the refetch waits until
   * the last of them has settled.
   */
  mutationKey: QueryKey;
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The cached query the change shows in at once. */
  queryKey: QueryKey;
  /** The cached data as it will be once the server agrees. Not called while nothing is cached. */
  update: (cached: TCached, variables: TVariables) => TCached;
  /** Runs after success and failure alike, e.g. to invalidate another query the change touches. */
  onSettled?: (variables: TVariables) => void;
  /** The failure toast's title, the reason under it ('Error' unless the screen has its own words). */
  failureTitle?: string;
};

type Snapshot<TCached> = { previous: TCached | undefined };

/**
 * A mutation whose result shows before the server answers: it cancels the query's fetches in
 * flight, remembers the cached data and writes `update(cached, variables)`. A failure puts the
 * remembered data back and shows a toast with the reason, titled `failureTitle`. When the last of
 * several quick mutations with the same key has settled, the query is refetched once, so an older
 * reply cannot overwrite a newer optimistic state.
 */
export function useOptimisticMutation<TData, TVariables, TCached>({
  mutationKey,
  mutationFn,
  queryKey,
  update,
  onSettled,
  failureTitle = 'Error',
}: OptimisticMutationOptions<TData, TVariables, TCached>) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, Snapshot<TCached>>({
    mutationKey,
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TCached>(queryKey);
      if (previous !== undefined) queryClient.setQueryData<TCached>(queryKey, update(previous, variables));
      return { previous };
    },
    onError: (error, _variables, snapshot) => {
      if (snapshot?.previous !== undefined) queryClient.setQueryData<TCached>(queryKey, snapshot.previous);
      toast.error(failureTitle, { description: errorMessage(error) });
    },
    onSettled: (_data, _error, variables) => {
      onSettled?.(variables);
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

import {
  type DateWatch,
  dateShareReplySchema,
  dateStatusSchema,
  dateWatchSchema,
  type SafetyLocationBody,
  type SafetyTimerBody,
} from '@royal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

// Watching over a date (issue 39): what the member shared with their emergency contact, their
// safety timer, SOS; and the status page the contact opens without an account. Every answer is the
// member's watch as it now stands, and replaces the one on screen.

/** A running timer turns to "Are you OK?" on the server's clock: read it again this often meanwhile. */
const RUNNING_TIMER_REFRESH_MS = 60_000;

export function useDateWatch(planId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.dateWatch(planId),
    queryFn: ({ signal }) => api.get(apiPaths.dateWatch(planId), { schema: dateWatchSchema, signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.timer.state === 'running' ? RUNNING_TIMER_REFRESH_MS : false,
  });
}

function useWatchMutation<Input>(planId: string, send: (input: Input) => Promise<DateWatch>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (watch) => queryClient.setQueryData(queryKeys.dateWatch(planId), watch),
  });
}

export function useShareDate(planId: string) {
  return useWatchMutation(planId, () =>
    api.post(apiPaths.dateWatch(planId, 'share'), undefined, { schema: dateShareReplySchema }),
  );
}

export function useSetSafetyTimer(planId: string) {
  return useWatchMutation(planId, (body: SafetyTimerBody) =>
    api.post(apiPaths.dateWatch(planId, 'timer'), body, { schema: dateWatchSchema }),
  );
}

export function useImSafe(planId: string) {
  return useWatchMutation(planId, (codeWord: string) =>
    api.post(apiPaths.dateWatch(planId, 'timer/ok'), { code_word: codeWord }, { schema: dateWatchSchema }),
  );
}

export function useShareTimerLocation(planId: string) {
  return useWatchMutation(planId, (position: SafetyLocationBody) =>
    api.post(apiPaths.dateWatch(planId, 'timer/location'), position, { schema: dateWatchSchema }),
  );
}

export function useSos(planId: string) {
  return useWatchMutation(planId, () =>
    api.post(apiPaths.dateWatch(planId, 'sos'), undefined, { schema: dateWatchSchema }),
  );
}

/** How often the contact's status page reads the date again while it is open. */
const STATUS_REFRESH_MS = 60_000;

export function useDateStatus(token: string) {
  return useQuery({
    queryKey: queryKeys.dateStatus(token),
    queryFn: ({ signal }) => api.get(apiPaths.dateStatus(token), { schema: dateStatusSchema, signal }),
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });
}

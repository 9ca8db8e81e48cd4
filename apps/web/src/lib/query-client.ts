import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isRefusal, isUnauthenticated } from './api';

const MAX_RETRIES = 2;

type QueryClientOptions = {
  /** Called when any request answers 401: the session ended (expired, signed out elsewhere). */
  onUnauthenticated?: () => void;
};

/** 4xx answers are final; only network trouble and 5xx are worth another try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient({ onUnauthenticated }: QueryClientOptions = {}): QueryClient {
  const handle = (error: unknown) => {
    if (isUnauthenticated(error)) onUnauthenticated?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

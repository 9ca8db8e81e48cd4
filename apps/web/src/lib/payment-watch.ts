import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

const POLL_MS = 2_000;
const GIVE_UP_MS = 10 * 60_000;

/**
 * While the member pays in the other tab, the data the payment changes (the balance, the plan, `me`)
 * is refetched every 2 s, so this tab shows the result the moment the provider's webhook lands.
 * `settle` when the change is seen; it also stops by itself after 10 minutes or on unmount.
 */
export function usePaymentWatch(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [until, setUntil] = useState<number | null>(null);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      if (Date.now() > until) setUntil(null);
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [until, queryClient]);
  const start = useCallback(() => setUntil(Date.now() + GIVE_UP_MS), []);
  const settle = useCallback(() => setUntil(null), []);
  return { awaiting: until !== null, start, settle };
}

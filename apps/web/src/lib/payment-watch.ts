import { type CheckoutState, checkoutStateSchema, isCheckoutClosedUnpaid } from '@royal/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api';
import { apiPaths } from './paths';

const POLL_MS = 2_000;
const GIVE_UP_MS = 10 * 60_000;

type Watching = { until: number; checkoutId: string | null };

/**
 * While the member pays in the other tab, the data the payment changes (the balance, the plan, `me`)
 * is refetched every 2 s, so this tab shows the result the moment the provider's webhook lands.
 * `settle` when the change is seen. Given the checkout, the watch also asks for its state and stops
 * when it closed unpaid (declined, cancelled, expired: nothing will change); it stops by itself
 * after 10 minutes or on unmount. `awaiting` is what "Waiting for your payment…" shows.
 */
export function usePaymentWatch(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState<Watching | null>(null);
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useEffect(() => {
    if (watching === null) return;
    const { until, checkoutId } = watching;
    let stopped = false;
    const timer = setInterval(() => {
      if (Date.now() > until) setWatching(null);
      for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
      if (checkoutId) {
        api
          .get<CheckoutState>(apiPaths.checkoutState(checkoutId), { schema: checkoutStateSchema })
          .then(({ status }) => {
            if (!stopped && isCheckoutClosedUnpaid(status)) setWatching(null);
          })
          // A failed look is tried again on the next tick.
          .catch(() => {});
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [watching, queryClient]);
  const start = useCallback(
    (checkoutId: string | null = null) => setWatching({ until: Date.now() + GIVE_UP_MS, checkoutId }),
    [],
  );
  const settle = useCallback(() => setWatching(null), []);
  return { awaiting: watching !== null, start, settle };
}

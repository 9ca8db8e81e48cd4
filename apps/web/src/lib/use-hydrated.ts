import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates markup rendered at build time (and on the server render itself), true
 * afterwards: what only the browser draws renders after hydration, so the two never disagree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

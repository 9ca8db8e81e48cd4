import { createContext, useContext, useEffect } from 'react';

const PageOwnedContext = createContext<(() => void) | undefined>(undefined);

/** Carries AppRoot's `onMounted` to the page. */
export const PageOwnedProvider = PageOwnedContext.Provider;

/**
 * Calls AppRoot's `onMounted` once the page itself is React's. Render it inside the Suspense
 * boundary that holds the page: React hydrates a boundary's content only after the shell around it
 * has committed, so an effect up in AppRoot ran while the page could still be dead markup (a form
 * sent then went to the browser, not to the app). Inside the boundary its effect runs only once the
 * page is live.
 */
export function PageOwned() {
  const onMounted = useContext(PageOwnedContext);
  useEffect(() => onMounted?.(), [onMounted]);
  return null;
}

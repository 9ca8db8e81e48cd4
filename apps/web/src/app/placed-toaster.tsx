import { useLayoutEffect, useState } from 'react';
import { Toaster, useSonner } from 'sonner';
import { currentToastBottomOffset, TOAST_EDGE_PX, TOAST_GAP_PX } from '@/lib/toast-lane';

// Swipe outcomes are confirmations, not news: short enough not to pile up over the deck.
const TOAST_DURATION_MS = 2500;

/**
 * Sonner's toaster, placed by the one rule of lib/toast-lane.ts: from the bottom edge, above what
 * the screen marks. The place is measured again whenever a toast arrives (before it is painted) and
 * when the window changes size.
 */
export default function PlacedToaster() {
  const { toasts } = useSonner();
  const [bottom, setBottom] = useState(TOAST_GAP_PX);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for each new toast
  useLayoutEffect(() => {
    setBottom(currentToastBottomOffset());
  }, [toasts.length]);
  useLayoutEffect(() => {
    const measure = () => setBottom(currentToastBottomOffset());
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return (
    <Toaster
      position="bottom-right"
      offset={{ bottom, right: TOAST_EDGE_PX }}
      mobileOffset={{ bottom, left: TOAST_GAP_PX, right: TOAST_GAP_PX }}
      duration={TOAST_DURATION_MS}
      toastOptions={{ classNames: { error: 'toast-error', success: 'toast-success' } }}
    />
  );
}

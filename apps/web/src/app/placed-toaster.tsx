import { useLayoutEffect, useState } from 'react';
import { Toaster, useSonner } from 'sonner';
import { currentToastBottomOffset, TOAST_EDGE_PX, TOAST_GAP_PX } from '@/lib/toast-lane';

// Swipe outcomes are confirmations, not news: short enough not to pile up over the deck.
const TOAST_DURATION_MS = 2500;

/**
 * Sonner's toaster, placed by the one rule of lib/toast-lane.ts: from the bottom edge, above what
 * the screen marks. The place is measured when a toast arrives (before it is painted), when the
 * window changes size, and while a toast shows, whenever the page under it changes: a toast raised
 * on one screen (a welcome after sign-up) outlives the route change to the next (onboarding), and
 * that screen's Continue must not end up beneath it.
 */
export default function PlacedToaster() {
  const { toasts } = useSonner();
  const [bottom, setBottom] = useState(TOAST_GAP_PX);
  const showing = toasts.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again for each new toast
  useLayoutEffect(() => {
    setBottom(currentToastBottomOffset());
  }, [toasts.length]);
  useLayoutEffect(() => {
    const measure = () => setBottom(currentToastBottomOffset());
    window.addEventListener('resize', measure);
    if (!showing) return () => window.removeEventListener('resize', measure);
    // Once a frame at most, and only while a toast is on screen: nothing to place otherwise.
    let frame = 0;
    const pageChanged = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    pageChanged.observe(document.body, { childList: true, subtree: true });
    return () => {
      window.removeEventListener('resize', measure);
      pageChanged.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [showing]);
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

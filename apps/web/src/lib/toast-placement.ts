/** Below this width a modal step fills the screen (Tailwind's `sm`). */
const PHONE_QUERY = '(max-width: 639.98px)';

/**
 * Where a toast goes when a dialog that fills a phone's screen comes next (the compliance gate's
 * steps, which follow sign-up and each other). Toasts appear under the top bar, where such a dialog
 * has its step and title ("Step 1 of 3", "Terms of Service"): the toast covered them. On a phone it
 * goes to the bottom edge instead, over a few lines of the document's text for a moment; on wider
 * screens the dialog is centred and the usual place is free.
 */
export function toastPositionBeforeFullScreenDialog(): 'bottom-center' | undefined {
  return window.matchMedia?.(PHONE_QUERY).matches ? 'bottom-center' : undefined;
}

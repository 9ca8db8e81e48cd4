import { useEffect, useRef } from 'react';

/**
 * Whether the member points with a mouse or trackpad (and so most likely types on a keyboard). On a
 * touch screen a focused text field raises the on-screen keyboard over what the member came to read,
 * so a new view moves focus into a field only when this holds.
 */
export const hasFinePointer = (): boolean => window.matchMedia?.('(pointer: fine)').matches ?? false;

const ITEM_SELECTOR = 'a[href], button:not([disabled]), [role="menuitem"], input:not([disabled])';

/**
 * For a Radix popover's `onOpenAutoFocus`: focus the panel's first item (a link or button), never a
 * switch, so a stray Space after opening cannot flip a setting. Falls back to Radix's own choice.
 */
export function focusFirstItem(event: Event): void {
  const panel = event.target;
  if (!(panel instanceof HTMLElement)) return;
  const first = [...panel.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].find(
    (element) => element.getAttribute('role') !== 'switch',
  );
  if (!first) return;
  event.preventDefault();
  first.focus();
}

/**
 * Focus for a list whose rows remove themselves (Remove, Dismiss): the button pressed goes with its
 * row, and focus would fall to the page's start. Call `removing(index)` as a row's button is pressed;
 * once the list has rendered without it, focus goes to the same button of the row that took its
 * place (marked `data-removes-row`), or of the row before it, or to `container` itself (give it
 * tabIndex -1) when the list is empty.
 */
export function useFocusAfterRemoval<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const at = pending.current;
    if (at === null || !container.current) return;
    pending.current = null;
    const buttons = container.current.querySelectorAll<HTMLElement>('[data-removes-row]');
    (buttons[Math.min(at, buttons.length - 1)] ?? container.current).focus();
  });
  return {
    container,
    removing: (index: number) => {
      pending.current = index;
    },
  };
}

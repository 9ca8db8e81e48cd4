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

/**
 * Where toasts go (issue 33: a toast never covers the action or the heading it follows, nor the top
 * bar or the navigation). One rule for every screen: toasts rise from the bottom edge (bottom-right
 * from 601 px as sonner lays them out, full width below), lifted just above whatever the screen marks with
 * `data-toast-avoid` in the lower half of the viewport that the toast would otherwise cover in its column: the navigation bar,
 * the deck's swipe buttons, a dialog's Accept and Decline, onboarding's Back and Continue. Headings
 * and step titles sit at the top, which a toast from the bottom never reaches.
 */

/** Marks an element toasts must leave visible (the attribute, for JSX: `{...TOAST_AVOID}`). */
export const TOAST_AVOID = { 'data-toast-avoid': '' } as const;

/** Room left between a toast and what it must not cover, and at the bare screen edge. */
export const TOAST_GAP_PX = 12;
/**
 * From this width toasts keep to the right-hand column (sonner's own width) instead of the full
 * width: sonner's own phone layout ends at 600 px.
 */
export const TOAST_COLUMN_FROM_PX = 601;
const TOAST_WIDTH_PX = 356;
/** The right edge gap on wide screens. */
export const TOAST_EDGE_PX = 24;

type Box = { top: number; bottom: number; left: number; right: number };

/** The horizontal band a toast occupies at this viewport width. */
export function toastColumn(viewportWidth: number): { left: number; right: number } {
  if (viewportWidth < TOAST_COLUMN_FROM_PX)
    return { left: TOAST_GAP_PX, right: viewportWidth - TOAST_GAP_PX };
  return { left: viewportWidth - TOAST_EDGE_PX - TOAST_WIDTH_PX, right: viewportWidth - TOAST_EDGE_PX };
}

/** A toast's height as sonner draws ours (a title and a line of description), with room to spare. */
export const TOAST_HEIGHT_PX = 88;

/**
 * The toaster's distance from the bottom edge, in px: the lowest place in the toast's column where
 * the toast covers no marked element in the lower half of the viewport. From the bottom edge up,
 * each marked element the toast would overlap lifts it just above that element; one the toast
 * already clears (a button in the middle of an empty deck, above the toast's place) does not, so a
 * toast is never lifted over the heading and text above such a button.
 */
export function toastBottomOffset(
  viewport: { width: number; height: number },
  marked: readonly Box[],
): number {
  const column = toastColumn(viewport.width);
  const obstacles = marked
    .filter((box) => {
      const visible = box.bottom > 0 && box.top < viewport.height && box.right > box.left;
      const inColumn = box.right > column.left && box.left < column.right;
      return visible && inColumn && box.top >= viewport.height / 2;
    })
    // Lowest first: the toast climbs from the bottom edge.
    .sort((a, b) => b.bottom - a.bottom);
  let offset = TOAST_GAP_PX;
  for (const box of obstacles) {
    const toastBottom = viewport.height - offset;
    const toastTop = toastBottom - TOAST_HEIGHT_PX;
    const overlaps = box.top < toastBottom && box.bottom > toastTop;
    if (overlaps) offset = viewport.height - box.top + TOAST_GAP_PX;
  }
  return Math.round(offset);
}

/** The offset for the page as it is drawn now. */
export function currentToastBottomOffset(): number {
  const marked = [...document.querySelectorAll('[data-toast-avoid]')].map((element) =>
    element.getBoundingClientRect(),
  );
  return toastBottomOffset({ width: window.innerWidth, height: window.innerHeight }, marked);
}

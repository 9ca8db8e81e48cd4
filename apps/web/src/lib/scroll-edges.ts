import { useCallback, useState } from 'react';

export type ScrollEdges = {
  /** Scrolled away from the start (the top, or the left of a row): something is hidden there. */
  scrolled: boolean;
  /** More past the visible part (below, or to the right of a row): something is hidden there. */
  more: boolean;
};

/** Which way a box scrolls: `y` for a column (a panel, a list), `x` for a row (tabs). */
export type ScrollAxis = 'x' | 'y';

const NONE: ScrollEdges = { scrolled: false, more: false };

/** Where a scroll box stands now (a box that clips without scrolling has no edges to show). */
export function scrollEdgesOf(box: HTMLElement, axis: ScrollAxis = 'y'): ScrollEdges {
  const style = getComputedStyle(box);
  const overflow = axis === 'y' ? style.overflowY : style.overflowX;
  if (overflow === 'hidden' || overflow === 'clip') return NONE;
  const [position, size, visible] =
    axis === 'y'
      ? [box.scrollTop, box.scrollHeight, box.clientHeight]
      : [box.scrollLeft, box.scrollWidth, box.clientWidth];
  // One pixel of slack: fractional sizes can leave a sub-pixel "rest" at the very end.
  return { scrolled: position > 1, more: size - visible - position > 1 };
}

/**
 * Whether a scroll box (give it the returned ref) has content hidden at either end along `axis`
 * (above and below, or left and right of a row), kept current as it scrolls, resizes or its content
 * changes: for cues such as a fade where more is hidden.
 */
export function useScrollEdges<T extends HTMLElement>(
  axis: ScrollAxis = 'y',
): [ref: (box: T | null) => () => void, ScrollEdges] {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const ref = useCallback(
    (box: T | null) => {
      if (!box) return () => undefined;
      const measure = () => {
        const next = scrollEdgesOf(box, axis);
        setEdges((now) => (now.scrolled === next.scrolled && now.more === next.more ? now : next));
      };
      // The box's own size and its children's (content growing inside a box at its maximum height
      // changes only the children); the list of children is watched for new ones.
      const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      const observeChildren = () => {
        if (!sizes) return;
        sizes.disconnect();
        sizes.observe(box);
        for (const child of box.children) sizes.observe(child);
      };
      const children = new MutationObserver(() => {
        observeChildren();
        measure();
      });
      observeChildren();
      children.observe(box, { childList: true });
      box.addEventListener('scroll', measure, { passive: true });
      measure();
      return () => {
        box.removeEventListener('scroll', measure);
        children.disconnect();
        sizes?.disconnect();
      };
    },
    [axis],
  );
  return [ref, edges];
}

/**
 * Props for a row that scrolls sideways on narrow screens (a tab bar): with `scroll-fade-x`
 * (styles.css) its edges fade where tabs are hidden, so the row shows it has more.
 */
export function useSideScrollFade<T extends HTMLElement>() {
  const [ref, edges] = useScrollEdges<T>('x');
  return { ref, 'data-scrolled': edges.scrolled || undefined, 'data-more-after': edges.more || undefined };
}

/**
 * A ref for a column whose end is its newest part (a chat): while the member is at the end, it stays
 * in view when the box changes size. A note above a chat's composer, a phone's keyboard or a turned
 * phone make the box shorter and would otherwise hide the newest lines; scrolled back to read older
 * ones, the member is left where they are.
 */
export function useKeptAtEnd<T extends HTMLElement>(): (box: T | null) => (() => void) | undefined {
  return useCallback((box: T | null) => {
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    let atEnd = !scrollEdgesOf(box).more;
    const onScroll = () => {
      atEnd = !scrollEdgesOf(box).more;
    };
    const sizes = new ResizeObserver(() => {
      if (atEnd) box.scrollTop = box.scrollHeight;
    });
    box.addEventListener('scroll', onScroll, { passive: true });
    sizes.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      sizes.disconnect();
    };
  }, []);
}

import { useCallback, useState } from 'react';

export type ScrollEdges = {
  /** Scrolled away from the top: something is hidden above. */
  scrolled: boolean;
  /** More below the visible part: something is hidden below. */
  more: boolean;
};

const NONE: ScrollEdges = { scrolled: false, more: false };

/** Where a scroll box stands now (a box that clips without scrolling has no edges to show). */
export function scrollEdgesOf(box: HTMLElement): ScrollEdges {
  const overflow = getComputedStyle(box).overflowY;
  if (overflow === 'hidden' || overflow === 'clip') return NONE;
  // One pixel of slack: fractional heights can leave a sub-pixel "rest" at the very end.
  return {
    scrolled: box.scrollTop > 1,
    more: box.scrollHeight - box.clientHeight - box.scrollTop > 1,
  };
}

/**
 * Whether a scroll box (give it the returned ref) has content hidden above or below, kept current
 * as it scrolls, resizes or its content changes: for cues such as a fade where more is below.
 */
export function useScrollEdges<T extends HTMLElement>(): [ref: (box: T | null) => () => void, ScrollEdges] {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const ref = useCallback((box: T | null) => {
    if (!box) return () => undefined;
    const measure = () => {
      const next = scrollEdgesOf(box);
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
  }, []);
  return [ref, edges];
}

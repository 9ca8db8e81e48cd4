import { describe, expect, it } from 'vitest';
import { scrollEdgesOf } from './scroll-edges';

/** A box with the given scroll geometry (happy-dom lays nothing out). */
function box(
  geometry: Partial<
    Record<
      'scrollTop' | 'scrollLeft' | 'scrollHeight' | 'scrollWidth' | 'clientHeight' | 'clientWidth',
      number
    >
  >,
  overflow = 'auto',
) {
  const element = document.createElement('div');
  element.style.overflowX = overflow;
  element.style.overflowY = overflow;
  document.body.append(element);
  for (const [key, value] of Object.entries(geometry)) Object.defineProperty(element, key, { value });
  return element;
}

describe('scrollEdgesOf', () => {
  it('tells a column what is hidden above and below', () => {
    expect(scrollEdgesOf(box({ scrollTop: 0, scrollHeight: 500, clientHeight: 200 }))).toEqual({
      scrolled: false,
      more: true,
    });
    expect(scrollEdgesOf(box({ scrollTop: 300, scrollHeight: 500, clientHeight: 200 }))).toEqual({
      scrolled: true,
      more: false,
    });
  });

  it('tells a row what is hidden on the left and the right', () => {
    const row = { scrollWidth: 330, clientWidth: 288 };
    expect(scrollEdgesOf(box({ ...row, scrollLeft: 0 }), 'x')).toEqual({ scrolled: false, more: true });
    expect(scrollEdgesOf(box({ ...row, scrollLeft: 20 }), 'x')).toEqual({ scrolled: true, more: true });
    expect(scrollEdgesOf(box({ ...row, scrollLeft: 42 }), 'x')).toEqual({ scrolled: true, more: false });
    // A row that fits, give or take a sub-pixel rest, has no edges.
    expect(scrollEdgesOf(box({ scrollWidth: 288.6, clientWidth: 288, scrollLeft: 0 }), 'x')).toEqual({
      scrolled: false,
      more: false,
    });
  });

  it('gives a box that clips without scrolling no edges', () => {
    expect(scrollEdgesOf(box({ scrollWidth: 400, clientWidth: 200 }, 'hidden'), 'x')).toEqual({
      scrolled: false,
      more: false,
    });
  });
});

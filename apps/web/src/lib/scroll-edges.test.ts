import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { scrollEdgesOf, useKeptAtEnd } from './scroll-edges';

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

describe('useKeptAtEnd', () => {
  /** A chat's column 200 px high holding 500 px, scrolled to `scrollTop`, and its size changes. */
  function column(scrollTop: number) {
    let resized = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const element = box({ scrollHeight: 500 });
    Object.defineProperty(element, 'clientHeight', { value: 200, configurable: true });
    Object.defineProperty(element, 'scrollTop', { value: scrollTop, writable: true });
    const { result } = renderHook(() => useKeptAtEnd<HTMLDivElement>());
    const release = result.current(element as HTMLDivElement);
    return { element, resize: () => resized(), release };
  }

  it('keeps the end in view when the box changes size while the member is at the end', () => {
    const { element, resize } = column(300);
    // Shorter now (a note above the composer): the end would be hidden.
    Object.defineProperty(element, 'clientHeight', { value: 160 });
    resize();
    expect(element.scrollTop).toBe(500);
  });

  it('leaves a member who scrolled back to older lines where they are', () => {
    const { element, resize } = column(300);
    element.scrollTop = 40;
    element.dispatchEvent(new Event('scroll'));
    resize();
    expect(element.scrollTop).toBe(40);
  });
});

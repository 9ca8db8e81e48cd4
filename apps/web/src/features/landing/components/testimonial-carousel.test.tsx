import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TESTIMONIAL_INTERVAL_MS, TestimonialCarousel } from './testimonial-carousel';
import { TESTIMONIALS } from './testimonials';

/** The one slide on show (the others are hidden from assistive technology, as from the eye). */
const shownSlide = () => screen.getByRole('group');
const dot = (n: number) => screen.getByRole('button', { name: `Show testimonial ${n} of 5` });
const carousel = () => screen.getByRole('region', { name: 'What members say' });
const tick = (ms = TESTIMONIAL_INTERVAL_MS) => act(() => vi.advanceTimersByTime(ms));

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('TestimonialCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preferReducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('shows five testimonials, one at a time, advancing every 4 s and back to the first', () => {
    render(<TestimonialCarousel testimonials={TESTIMONIALS} />);
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    expect(shownSlide()).toHaveAttribute('aria-roledescription', 'slide');
    expect(shownSlide()).toHaveTextContent('Camille, Los Angeles');
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    // Turning on its own: not announced at every turn.
    expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'off');

    tick(TESTIMONIAL_INTERVAL_MS - 1);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    tick(1);
    expect(shownSlide()).toHaveAccessibleName('2 of 5');
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
    expect(dot(1)).not.toHaveAttribute('aria-current');
    for (const n of [3, 4, 5, 1]) {
      tick();
      expect(shownSlide()).toHaveAccessibleName(`${n} of 5`);
    }
  });

  it('jumps to the testimonial of a dot, which then gets its full 4 s', () => {
    render(<TestimonialCarousel testimonials={TESTIMONIALS} />);
    tick(3000);
    fireEvent.click(dot(4));
    expect(shownSlide()).toHaveAccessibleName('4 of 5');
    expect(shownSlide()).toHaveTextContent('Andre, Atlanta');
    expect(dot(4)).toHaveAttribute('aria-current', 'true');
    // Focus is inside the carousel now (the dot): move it out, then the 4 s start again.
    act(() => dot(4).blur());
    tick(3000);
    expect(shownSlide()).toHaveAccessibleName('4 of 5');
    tick(1000);
    expect(shownSlide()).toHaveAccessibleName('5 of 5');
  });

  it('holds still while the pointer is over it, and moves on once it leaves', () => {
    render(<TestimonialCarousel testimonials={TESTIMONIALS} />);
    fireEvent.mouseEnter(carousel());
    tick(TESTIMONIAL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    fireEvent.mouseLeave(carousel());
    tick();
    expect(shownSlide()).toHaveAccessibleName('2 of 5');
  });

  it('holds still while focus is inside it, and announces the slides politely meanwhile', () => {
    render(
      <>
        <TestimonialCarousel testimonials={TESTIMONIALS} />
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() => dot(2).focus());
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    tick(TESTIMONIAL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    // Focus moving between its own controls keeps it still.
    act(() => dot(3).focus());
    tick(TESTIMONIAL_INTERVAL_MS * 2);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    tick();
    expect(shownSlide()).toHaveAccessibleName('2 of 5');
  });

  it('stops and starts again with its pause button', () => {
    render(<TestimonialCarousel testimonials={TESTIMONIALS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => screen.getByRole('button', { name: 'Play testimonials' }).blur());
    tick(TESTIMONIAL_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    act(() => screen.getByRole('button', { name: 'Pause testimonials' }).blur());
    tick();
    expect(shownSlide()).toHaveAccessibleName('2 of 5');
  });

  it('never moves on its own for a visitor who prefers reduced motion; the dots still work', () => {
    preferReducedMotion(true);
    render(<TestimonialCarousel testimonials={TESTIMONIALS} />);
    tick(TESTIMONIAL_INTERVAL_MS * 5);
    expect(shownSlide()).toHaveAccessibleName('1 of 5');
    expect(shownSlide().parentElement).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('button', { name: 'Pause testimonials' })).not.toBeInTheDocument();
    fireEvent.click(dot(3));
    expect(shownSlide()).toHaveAccessibleName('3 of 5');
    act(() => dot(3).blur());
    tick(TESTIMONIAL_INTERVAL_MS * 2);
    expect(shownSlide()).toHaveAccessibleName('3 of 5');
  });
});

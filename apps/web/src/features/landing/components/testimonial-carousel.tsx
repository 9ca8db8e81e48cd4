import { Pause, Play, Quote } from 'lucide-react';
import { type FocusEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import type { Testimonial } from './testimonials';

/** How long a testimonial stays before the next one (spec: auto-advance every 4 seconds). */
export const TESTIMONIAL_INTERVAL_MS = 4000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for reduced motion. True while the page is drawn ahead of the browser
 * (build-time prerender, hydration): nothing moves until the browser has said it may.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => true,
  );
}

/**
 * The testimonial carousel (spec part 2 §2): one testimonial at a time, the next every 4 s, dots to
 * jump to any. It holds still while the pointer is over it or focus is inside it, when the visitor
 * pauses it, and always for visitors who prefer reduced motion (WAI-ARIA APG carousel pattern: the
 * slides are announced politely only while they do not turn on their own).
 */
export function TestimonialCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = testimonials.length;
  const rotating = !reducedMotion && !stopped && count > 1;
  const advancing = rotating && !hovered && !focused;
  const stillAnyway = reducedMotion || count < 2;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the 4 s at every change of slide
  useEffect(() => {
    if (!advancing) return;
    // Restarted by every change of slide, so a dot pressed gives its testimonial the full 4 s.
    const timer = setTimeout(() => setCurrent((index) => (index + 1) % count), TESTIMONIAL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [advancing, current, count]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="What members say"
      className="mx-auto w-full max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="grid">
        {testimonials.map((testimonial, index) => {
          const shown = index === current;
          return (
            // A div, not a figure: a figure with a caption may not take the group role (axe
            // aria-allowed-role), and a carousel slide is a group (WAI-ARIA APG).
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a form's fieldset
            <div
              key={testimonial.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!shown}
              className={cn(
                'col-start-1 row-start-1 flex flex-col items-center rounded-3xl border border-gold-300/25 bg-royal-950/50 px-6 py-8 text-center backdrop-blur-md transition-[opacity,visibility] duration-500 motion-reduce:transition-none sm:px-12',
                shown ? 'visible opacity-100' : 'invisible opacity-0',
              )}
            >
              <Quote aria-hidden="true" className="size-7 text-gold-300" />
              <blockquote className="mt-4 font-display text-ivory text-lg italic leading-relaxed sm:text-xl">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <p className="mt-5 font-semibold text-gold-200 text-sm tracking-wide">
                {testimonial.name}, {testimonial.city}
              </p>
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex items-center justify-center gap-1">
        {testimonials.map((testimonial, index) => (
          <button
            key={testimonial.name}
            type="button"
            aria-label={`Show testimonial ${index + 1} of ${count}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => setCurrent(index)}
            className="group inline-flex size-11 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={cn(
                'block h-2.5 rounded-full transition-all motion-reduce:transition-none group-hover:bg-gold-200',
                index === current ? 'w-7 bg-gold-300' : 'w-2.5 bg-white/35',
              )}
            />
          </button>
        ))}
        <button
          type="button"
          aria-label={stopped ? 'Play testimonials' : 'Pause testimonials'}
          onClick={() => setStopped((value) => !value)}
          // Kept in place (not removed) where nothing turns, so the dots never move when it shows.
          aria-hidden={stillAnyway || undefined}
          tabIndex={stillAnyway ? -1 : undefined}
          className={cn(
            'ml-1 inline-flex size-11 items-center justify-center rounded-full text-gold-200 transition hover:bg-white/10',
            stillAnyway && 'invisible',
          )}
        >
          {stopped ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </section>
  );
}

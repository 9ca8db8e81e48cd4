const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * Resolves once the page's first contentful paint has been presented (the Paint Timing entry is
 * delivered after that frame is on screen), or after `maxMs`: a hidden tab paints nothing, and a
 * browser without paint timing must not wait forever.
 */
export function afterFirstPaint(maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    if (document.visibilityState === 'hidden') return done();
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

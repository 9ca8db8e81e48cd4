/** What replyNoSoonerThan reads the time with and waits by: the real clock, or a test's. */
export type FloorClock = { now: () => number; sleep: (ms: number) => Promise<void> };

export const realFloorClock: FloorClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs `work` and settles no sooner than `floorMs` after it began, with its value or its error. For
 * replies that must not tell by their timing which way they went (password recovery: an address
 * with an account writes a link and a mail, one without does nothing): both paths wait to the same
 * floor, which is set well above the slower path's usual time.
 */
export async function replyNoSoonerThan<T>(
  floorMs: number,
  work: () => Promise<T>,
  clock: FloorClock = realFloorClock,
): Promise<T> {
  const started = clock.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (clock.now() - started);
    if (left > 0) await clock.sleep(left);
  }
}

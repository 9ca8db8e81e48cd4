/**
 * The camera sees a held code many times a second: the same code is posted once, and again only
 * after it has been out of sight this long (someone who steps back and shows it again).
 */
export const SAME_CODE_PAUSE_MS = 4000;

/**
 * Says whether a code the camera just read should be posted: not when it is the code last seen less
 * than `pauseMs` ago. Every sighting restarts the pause, so a code held in view is posted once.
 */
export function sameCodeGate(pauseMs = SAME_CODE_PAUSE_MS, now: () => number = Date.now) {
  let last: { code: string; at: number } | null = null;
  return (code: string): boolean => {
    const at = now();
    const fresh = !last || last.code !== code || at - last.at >= pauseMs;
    last = { code, at };
    return fresh;
  };
}

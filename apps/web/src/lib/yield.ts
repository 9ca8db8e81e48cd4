/** Lets the browser handle input and paint before the caller goes on (a macrotask, not a microtask). */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const STORAGE_KEY = 'royal-circle:dark-mode';

/** Turns the night-royal theme (`dark`) on or off and remembers it so the next visit paints in the right theme. */
export function applyDarkMode(enabled: boolean): void {
  document.documentElement.classList.toggle('dark', enabled);
  try {
    localStorage.setItem(STORAGE_KEY, enabled ? '1' : '0');
  } catch {
    // Storage can be unavailable (private mode); the class alone still works.
  }
}

/**
 * Applies the last known Dark Mode choice before the first render. The night-royal theme is the
 * default, so only a saved "off" paints the light variant.
 */
export function applyStoredDarkMode(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode): the default theme until the settings load.
  }
  document.documentElement.classList.toggle('dark', stored !== '0');
}

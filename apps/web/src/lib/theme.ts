const STORAGE_KEY = 'royal-circle:dark-mode';

/** Turns the dark theme on or off and remembers it so the next visit paints in the right theme. */
export function applyDarkMode(enabled: boolean): void {
  document.documentElement.classList.toggle('dark', enabled);
  try {
    localStorage.setItem(STORAGE_KEY, enabled ? '1' : '0');
  } catch {
    // Storage can be unavailable (private mode); the class alone still works.
  }
}

/** Applies the last known Dark Mode choice before the first render. */
export function applyStoredDarkMode(): void {
  try {
    document.documentElement.classList.toggle('dark', localStorage.getItem(STORAGE_KEY) === '1');
  } catch {
    // Ignore: falls back to the light theme until the member's settings load.
  }
}

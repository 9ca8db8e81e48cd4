// What the discretion package keeps on this device (the PIN, the last use, a hidden screen), read by
// several screens at once: each write tells the listeners here, and other tabs' writes arrive as
// `storage` events. Storage may refuse (a private window, a locked-down browser): reads then find
// nothing and writes are lost, so the app behaves as with nothing stored.

const listeners = new Set<() => void>();

/** For useSyncExternalStore: calls `listener` on every change, here or in another tab. */
export function subscribeDevice(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function notifyDeviceChange(): void {
  for (const listener of listeners) listener();
}

/** localStorage (kept) or sessionStorage (this tab only); reading either may throw in itself. */
export type StorageArea = 'local' | 'session';
const storageOf = (area: StorageArea) => (area === 'local' ? window.localStorage : window.sessionStorage);

export function readStored(area: StorageArea, key: string): string | null {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(area: StorageArea, key: string, value: string): void {
  try {
    storageOf(area).setItem(key, value);
  } catch {
    // Not kept: see above.
  }
}

export function removeStored(area: StorageArea, key: string): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Nothing to remove then.
  }
}

/** Whether any key of `area` starts with `prefix`. */
export function anyStoredWith(area: StorageArea, prefix: string): boolean {
  try {
    const storage = storageOf(area);
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(prefix)) return true;
  } catch {
    // Nothing readable.
  }
  return false;
}

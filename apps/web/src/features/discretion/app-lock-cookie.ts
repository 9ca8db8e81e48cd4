import { APP_LOCK_COOKIE } from '@royal/shared';
import { anyStoredWith } from './device-store';

// A member's /app is rendered on the server with their first screen in it (docs/decisions/017), so it
// paints before any script can ask for a PIN or keep a hidden screen hidden. This cookie tells the
// server that this device wants the app to start in the browser instead: set while any member has an
// app PIN here, or this tab's screen is hidden. It says nothing else (no member, no PIN).

/** Each member's PIN record is kept under this prefix and their id (app-pin.ts). */
export const PIN_KEY_PREFIX = 'rc.app-pin.';
export const QUICK_HIDE_KEY = 'rc.quick-hide';

export function syncAppLockCookie(): void {
  if (typeof document === 'undefined') return;
  const wanted = anyStoredWith('local', PIN_KEY_PREFIX) || anyStoredWith('session', QUICK_HIDE_KEY);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed value; the Cookie Store API is not in every browser yet
  document.cookie = wanted
    ? `${APP_LOCK_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${APP_LOCK_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

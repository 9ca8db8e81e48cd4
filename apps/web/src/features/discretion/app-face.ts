import { useSyncExternalStore } from 'react';
import { APP_FACES, type AppIdentity, chooseAppIdentity, readAppIdentity } from '@/lib/app-identity';
import { notifyDeviceChange, subscribeDevice } from './device-store';

// The face this device shows (lib/app-identity.ts: the royal name and crown, or the neutral "Circle"),
// as screens read it: the tab title and Settings follow a choice made in another tab too.

/** The chosen face; the royal one while a page rendered ahead of the app is hydrated. */
export function useAppFace(): AppIdentity {
  return useSyncExternalStore(subscribeDevice, readAppIdentity, () => 'royal');
}

/** The name the tab and the lock screen use for the app on this device. */
export const appNameOf = (identity: AppIdentity) => APP_FACES[identity].name;

/** Saves the device's face and applies it at once (links, then every screen that shows it). */
export function chooseAppFace(identity: AppIdentity): void {
  chooseAppIdentity(identity);
  notifyDeviceChange();
}

// Public surface of the discretion package (issue 40): around the member area the gate (app PIN,
// quick-hide, tab title, blurred photos) and the top bar's quick-hide button; for Settings the PIN
// and the device's app face.
export { chooseAppFace, useAppFace } from './app-face';
export {
  canUsePin,
  checkPin,
  DEFAULT_LOCK_AFTER_MS,
  LOCK_AFTER_CHOICES,
  type PinRecord,
  pinSchema,
  readPin,
  removePin,
  savePin,
  setLockAfter,
  usePinRecord,
} from './app-pin';
export { DiscretionGate } from './components/discretion-gate';
export { QuickHideButton } from './components/quick-hide-button';
export { usePinSignOut } from './use-pin-sign-out';

// Public surface of the settings feature.
export {
  getMemberSettings,
  memberSettingsQueryOptions,
  useDarkModeSync,
  useMemberSettings,
} from './api/member-settings';
export { SETTINGS_LOAD_FAILED, useSettingsForEditing } from './api/settings-load-failure';
export { patchMemberSettings, useUpdateMemberSettings } from './api/update-member-settings';
export { useGhostModeSwitch } from './api/use-ghost-mode-switch';
// The pieces every settings screen shows the same way (the page, the More menu's dialog, the Safety Center).
export { EmergencyContactFields } from './components/emergency-contact-fields';
export { ProfileVisibilityPicker } from './components/profile-visibility-picker';
export { SettingSwitchRow } from './components/setting-switch-row';
export { SettingsDialog } from './components/settings-dialog';
export {
  checkEmergencyContact,
  contactProblemsOf,
  type EmergencyContact,
  type EmergencyContactProblems,
  emergencyContactOf,
} from './emergency-contact';
export { SETTING_TEXTS } from './setting-texts';

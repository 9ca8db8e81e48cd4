// Public surface of the settings feature.
export {
  getMemberSettings,
  memberSettingsQueryOptions,
  useDarkModeSync,
  useMemberSettings,
} from './api/member-settings';
export { patchMemberSettings, useUpdateMemberSettings } from './api/update-member-settings';
export { useGhostModeSwitch } from './api/use-ghost-mode-switch';

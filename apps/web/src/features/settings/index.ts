export {
  memberSettingsQueryOptions,
  useDarkModeSync,
  useMemberSettings,
  useUpdateMemberSettings,
} from './api/member-settings';

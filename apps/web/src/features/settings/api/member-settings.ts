import { type MemberSettings, type MemberSettingsPatch, memberSettingsSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { useOptimisticMutation } from '@/lib/optimistic-mutation';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { applyDarkMode } from '@/lib/theme';

export function getMemberSettings(signal?: AbortSignal): Promise<MemberSettings> {
  return api.get(apiPaths.memberSettings, { schema: memberSettingsSchema, signal });
}

export function patchMemberSettings(patch: MemberSettingsPatch): Promise<MemberSettings> {
  return api.patch(apiPaths.memberSettings, patch, { schema: memberSettingsSchema });
}

export const memberSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memberSettings,
    queryFn: ({ signal }) => getMemberSettings(signal),
    staleTime: 5 * 60_000,
  });

export function useMemberSettings() {
  return useQuery(memberSettingsQueryOptions());
}

/**
 * Saves part of the settings. The cache changes at once (switches flip immediately); on failure
 * the previous settings come back and an 'Error' toast explains why.
 */
export function useUpdateMemberSettings() {
  return useOptimisticMutation({
    mutationKey: [...queryKeys.memberSettings, 'patch'],
    mutationFn: patchMemberSettings,
    queryKey: queryKeys.memberSettings,
    update: (settings: MemberSettings, patch: MemberSettingsPatch): MemberSettings => ({
      ...settings,
      ...patch,
    }),
  });
}

/** Keeps the `dark` class on <html> in step with the member's saved Dark Mode setting. */
export function useDarkModeSync() {
  const { data } = useMemberSettings();
  const darkMode = data?.dark_mode;
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);
}

import { type MemberSettings, memberSettingsSchema } from '@royal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { applyDarkMode } from '@/lib/theme';

export function getMemberSettings(signal?: AbortSignal): Promise<MemberSettings> {
  return api.get(apiPaths.memberSettings, { schema: memberSettingsSchema, signal });
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

/** Keeps the `dark` class on <html> in step with the member's saved Dark Mode setting. */
export function useDarkModeSync() {
  const { data } = useMemberSettings();
  const darkMode = data?.dark_mode;
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);
}

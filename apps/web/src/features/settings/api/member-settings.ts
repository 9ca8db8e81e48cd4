import type { MemberSettings, MemberSettingsPatch } from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { applyDarkMode } from '@/lib/theme';

export function getMemberSettings(): Promise<MemberSettings> {
  return api.get<MemberSettings>('/api/me/settings');
}

export function patchMemberSettings(patch: MemberSettingsPatch): Promise<MemberSettings> {
  return api.patch<MemberSettings>('/api/me/settings', patch);
}

export const memberSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.memberSettings, queryFn: getMemberSettings, staleTime: 5 * 60_000 });

export function useMemberSettings() {
  return useQuery(memberSettingsQueryOptions());
}

const MUTATION_KEY = [...queryKeys.memberSettings, 'patch'] as const;

/**
 * Saves part of the settings. The cache changes at once (switches flip immediately); on failure
 * the previous settings come back and an 'Error' toast explains why.
 */
export function useUpdateMemberSettings() {
  const queryClient = useQueryClient();
  const key = queryKeys.memberSettings;
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: patchMemberSettings,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MemberSettings>(key);
      if (previous) queryClient.setQueryData<MemberSettings>(key, { ...previous, ...patch });
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Error', { description: errorMessage(error) });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: MUTATION_KEY }) === 1) {
        return queryClient.invalidateQueries({ queryKey: key });
      }
    },
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

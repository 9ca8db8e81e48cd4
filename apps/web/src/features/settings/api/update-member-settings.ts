import { type MemberSettings, type MemberSettingsPatch, memberSettingsSchema } from '@royal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useOptimisticMutation } from '@/lib/optimistic-mutation';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function patchMemberSettings(patch: MemberSettingsPatch): Promise<MemberSettings> {
  return api.patch(apiPaths.memberSettings, patch, { schema: memberSettingsSchema });
}

/**
 * Saves part of the settings. The cache changes at once (switches flip immediately, on every screen
 * that shows them); on failure the previous settings come back and a toast titled `failureTitle`
 * ('Error' by default) explains why.
 */
export function useUpdateMemberSettings({ failureTitle }: { failureTitle?: string } = {}) {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    failureTitle,
    mutationKey: [...queryKeys.memberSettings, 'patch'],
    mutationFn: patchMemberSettings,
    queryKey: queryKeys.memberSettings,
    update: (settings: MemberSettings, patch: MemberSettingsPatch): MemberSettings => ({
      ...settings,
      ...patch,
    }),
    // Ghost Mode is also part of `me` (Tier Management shows it from there).
    onSettled: (patch) => {
      if (patch.ghost_mode !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/**
 * Saves a form's worth of settings (Save Settings): the cache takes the server's reply, so every
 * other screen shows what was saved. Failures are the caller's to show.
 */
export function useSaveMemberSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.memberSettings, 'patch'],
    mutationFn: patchMemberSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.memberSettings, saved),
  });
}

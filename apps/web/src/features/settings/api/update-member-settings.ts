import { type MemberSettings, type MemberSettingsPatch, memberSettingsSchema } from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useOptimisticMutation } from '@/lib/optimistic-mutation';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export function patchMemberSettings(patch: MemberSettingsPatch): Promise<MemberSettings> {
  return api.patch(apiPaths.memberSettings, patch, { schema: memberSettingsSchema });
}

/**
 * Saves part of the settings. The cache changes at once (switches flip immediately); on failure
 * the previous settings come back and an 'Error' toast explains why.
 */
export function useUpdateMemberSettings() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
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

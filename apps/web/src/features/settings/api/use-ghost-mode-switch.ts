import { ghostModeBlock } from '@royal/shared';
import { useCurrentMember } from '@/features/auth';
import { useMemberSettings } from './member-settings';
import { useUpdateMemberSettings } from './update-member-settings';

/**
 * The Ghost Mode switch wherever it is shown: saved with the other settings, and enabled only for a
 * member the shared rule allows (the server refuses the others), with the reason for the rest.
 */
export function useGhostModeSwitch() {
  const me = useCurrentMember();
  const settings = useMemberSettings();
  const update = useUpdateMemberSettings();
  const checked = settings.data?.ghost_mode ?? me.ghost_mode;
  const block = ghostModeBlock(me);
  return {
    checked,
    // Turning it off is always allowed, so a member left with it on can still leave it.
    disabled: !settings.isSuccess || (block !== null && !checked),
    reason: block?.message ?? null,
    onCheckedChange: (ghost_mode: boolean) => update.mutate({ ghost_mode }),
  };
}

import { EyeOff } from 'lucide-react';
import { TitledCard } from '@/components/ui/titled-card';
import { useGhostModeSwitch } from '../api/use-ghost-mode-switch';
import { SETTING_TEXTS } from '../setting-texts';
import { SettingSwitchRow } from './setting-switch-row';

/** Ghost Mode (a Vault Verified feature): what it does, the switch, and why it is off limits if it is. */
export function GhostModeSection() {
  const ghostMode = useGhostModeSwitch();
  return (
    <TitledCard Icon={EyeOff} title="Ghost Mode">
      <SettingSwitchRow
        {...SETTING_TEXTS.ghost_mode}
        reason={ghostMode.reason}
        checked={ghostMode.checked}
        disabled={ghostMode.disabled}
        onCheckedChange={ghostMode.onCheckedChange}
      />
    </TitledCard>
  );
}

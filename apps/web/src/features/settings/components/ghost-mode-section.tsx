import { EyeOff } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { TitledCard } from '@/components/ui/titled-card';
import { useGhostModeSwitch } from '../api/use-ghost-mode-switch';

/** Ghost Mode (a Vault Verified feature): what it does, the switch, and why it is off limits if it is. */
export function GhostModeSection() {
  const ghostMode = useGhostModeSwitch();
  const ids = { toggle: useId(), help: useId() };
  return (
    <TitledCard Icon={EyeOff} title="Ghost Mode">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.toggle} className="font-semibold text-foreground text-sm">
            Ghost Mode
          </label>
          <p id={ids.help} className="text-muted-foreground text-xs">
            While it is on, other members do not find you in Discover or Search and cannot open your profile,
            and profiles you view do not count your visit.
            {ghostMode.reason && (
              <span className="mt-1 block font-semibold text-foreground">{ghostMode.reason}</span>
            )}
          </p>
        </div>
        <Switch
          id={ids.toggle}
          aria-describedby={ids.help}
          checked={ghostMode.checked}
          disabled={ghostMode.disabled}
          onCheckedChange={ghostMode.onCheckedChange}
        />
      </div>
    </TitledCard>
  );
}

import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

export type SettingSwitchRowProps = {
  label: string;
  /** What the setting does, under its name (and read with the switch). */
  description?: string;
  /** Why the switch is off limits, when it is (Ghost Mode below Vault Verified). */
  reason?: string | null;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
};

/**
 * One setting with its switch, as the Settings page, the More menu's Settings dialog and the Safety
 * Center's Safety Settings tab show it: the name is the switch's label, the description its help.
 */
export function SettingSwitchRow({
  label,
  description,
  reason,
  checked,
  disabled = false,
  onCheckedChange,
  className,
}: SettingSwitchRowProps) {
  const ids = { toggle: useId(), help: useId() };
  const hasHelp = Boolean(description || reason);
  return (
    <div className={cn('flex min-h-11 items-center justify-between gap-3 py-2', className)}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={ids.toggle} className="cursor-pointer font-semibold text-foreground text-sm">
          {label}
        </label>
        {hasHelp && (
          <p id={ids.help} className="text-muted-foreground text-xs">
            {description}
            {reason && <span className="mt-1 block font-semibold text-foreground">{reason}</span>}
          </p>
        )}
      </div>
      <Switch
        id={ids.toggle}
        aria-describedby={hasHelp ? ids.help : undefined}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}

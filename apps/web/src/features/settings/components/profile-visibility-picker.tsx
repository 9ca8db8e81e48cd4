import { PROFILE_VISIBILITY, PROFILE_VISIBILITY_LABELS, type ProfileVisibility } from '@royal/shared';
import { useId } from 'react';
import { VISIBILITY_DESCRIPTIONS } from '../setting-texts';

/**
 * Profile Visibility as three choices, each saying who sees the profile. The same picker on the
 * Settings page and the Safety Center (whose 'tier_restricted' is our 'tier_only': one value).
 */
export function ProfileVisibilityPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: ProfileVisibility;
  onChange: (value: ProfileVisibility) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-foreground text-sm">Profile Visibility</legend>
      {PROFILE_VISIBILITY.map((visibility) => {
        const descriptionId = `${name}-${visibility}`;
        return (
          <label
            key={visibility}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-100/40 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 dark:has-[:checked]:bg-gold-900/30"
          >
            <input
              type="radio"
              name={name}
              value={visibility}
              checked={value === visibility}
              aria-describedby={descriptionId}
              onChange={() => onChange(visibility)}
              className="size-4 shrink-0 accent-gold-500"
            />
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-foreground text-sm">
                {PROFILE_VISIBILITY_LABELS[visibility]}
              </span>
              <span id={descriptionId} className="text-muted-foreground text-xs">
                {VISIBILITY_DESCRIPTIONS[visibility]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

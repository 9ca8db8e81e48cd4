import { useId } from 'react';
import { chooseAppFace, useAppFace } from '@/features/discretion';
import { APP_FACES, APP_IDENTITIES } from '@/lib/app-identity';

const FACE_DESCRIPTIONS = {
  royal: 'The crown',
  neutral: 'A plain ring: nothing says what the app is',
} as const;

/**
 * Settings → Discretion → the app's name and icon on this device (the tab, the installed app): the
 * royal face or the neutral "Circle". Saved on this device as it is picked.
 */
export function AppFaceSetting() {
  const face = useAppFace();
  const name = useId();
  const noteId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={noteId}>
      <legend className="mb-2 font-semibold text-foreground text-sm">App name and icon on this device</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {APP_IDENTITIES.map((identity) => (
          <label
            key={identity}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2 has-[:checked]:border-gold-400 has-[:checked]:bg-gold-100/40 dark:has-[:checked]:bg-gold-900/30"
          >
            <input
              type="radio"
              name={name}
              value={identity}
              checked={face === identity}
              onChange={() => chooseAppFace(identity)}
              className="size-4 shrink-0 accent-gold-500"
            />
            <img src={APP_FACES[identity].icon} alt="" className="size-9 shrink-0 rounded-lg" />
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold text-foreground text-sm">{APP_FACES[identity].name}</span>
              <span className="text-muted-foreground text-xs">{FACE_DESCRIPTIONS[identity]}</span>
            </span>
          </label>
        ))}
      </div>
      <p id={noteId} className="max-w-measure text-muted-foreground text-xs">
        The browser tab and an app you install from now on use this name and icon. An app already on your Home
        Screen keeps its name and icon until you remove it and install it again.
      </p>
    </fieldset>
  );
}

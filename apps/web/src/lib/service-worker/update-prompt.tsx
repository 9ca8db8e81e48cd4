import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** The prompt's toast: one at a time, whichever tab or check found the new version. */
const UPDATE_TOAST_ID = 'app-update';

type UpdatePromptProps = {
  /** The app's name in this device's face (lib/app-identity.ts). */
  appName: string;
  onReload: () => void;
};

/**
 * Says a new version is ready, with the one way to it: Reload (the waiting worker takes over, then
 * the page loads again). No way to put it aside: the app is never silently stale.
 */
export function UpdatePrompt({ appName, onReload }: UpdatePromptProps) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="flex w-full items-center gap-3 rounded-2xl border border-gold-400/45 bg-surface p-4 font-sans text-foreground shadow-card">
      <p className="flex-1 font-medium text-sm">A new version of {appName} is ready.</p>
      <Button
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        Reload
      </Button>
    </div>
  );
}

/** Shows the update prompt until the page reloads (the app's toaster places it: lib/toast-lane.ts). */
export function showUpdatePrompt(props: UpdatePromptProps): void {
  toast.custom(() => <UpdatePrompt {...props} />, {
    id: UPDATE_TOAST_ID,
    duration: Number.POSITIVE_INFINITY,
    dismissible: false,
  });
}

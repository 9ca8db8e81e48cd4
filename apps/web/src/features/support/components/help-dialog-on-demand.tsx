import { lazy, Suspense, useState } from 'react';

// The dialog and its FAQ load when a member first opens it: the top bar's settings menu offers it on
// every screen, and the deck's first paint should not wait for answers nobody asked for yet.
const LoadedHelpDialog = lazy(() =>
  import('./help-dialog').then((module) => ({ default: module.HelpDialog })),
);

type HelpDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The Help dialog, loaded on its first opening and kept mounted from then on (its close animation). */
export function HelpDialogOnDemand({ open, onOpenChange }: HelpDialogProps) {
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedHelpDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}

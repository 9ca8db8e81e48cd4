import type { ComposerRestriction } from '@royal/shared';
import { Lock } from 'lucide-react';
import { UnblockLink } from './unblock-link';

/**
 * Under the closed composer of a member who may not send: why, in the spec's words, and the way
 * forward one tap away (Upgrade or Get Verified), in place of the composer's keyboard hints.
 */
export function ComposerRestrictionNote({
  id,
  restriction,
}: {
  id: string;
  restriction: ComposerRestriction;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <p id={id} className="flex min-w-0 flex-1 items-center gap-2 text-muted-foreground text-sm">
        <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-600 dark:text-amber-300" />
        {restriction.hint}
      </p>
      <UnblockLink block={restriction} className="shrink-0" />
    </div>
  );
}

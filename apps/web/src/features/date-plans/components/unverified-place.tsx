import { DATE_PLAN_TEXT } from '@royal/shared';
import { TriangleAlert } from 'lucide-react';

/** Said wherever a place a member typed in is shown: it is no verified venue. */
export function UnverifiedPlaceWarning() {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-2.5 text-amber-900 text-xs dark:bg-amber-950/60 dark:text-amber-100">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {DATE_PLAN_TEXT.unverifiedPlace}
    </p>
  );
}

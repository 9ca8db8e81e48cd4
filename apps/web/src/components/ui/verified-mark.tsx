import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * What the mark says: the member's ID and selfie were checked. Not 'Verified' alone, which beside
 * the plan names 'Verified Viber' and 'Vault Verified' read as part of them (docs/decisions/038).
 */
export const VERIFIED_MARK_TEXT = 'ID verified';

/** The small verified tick next to a name; its text is for screen readers (and the tooltip). */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span title={VERIFIED_MARK_TEXT} className={cn('inline-flex shrink-0 text-sky-500', className)}>
      <BadgeCheck aria-hidden="true" className="size-5" strokeWidth={2.25} />
      <span className="sr-only">{VERIFIED_MARK_TEXT}</span>
    </span>
  );
}

/** The labelled verified pill (profile page, browse cards); opaque, as it often sits on a photo. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border border-sky-300 bg-sky-50 px-2 py-0.5 font-semibold text-sky-900 text-xs leading-5 dark:border-sky-600 dark:bg-sky-900 dark:text-sky-50',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" strokeWidth={2.25} />
      {VERIFIED_MARK_TEXT}
    </span>
  );
}

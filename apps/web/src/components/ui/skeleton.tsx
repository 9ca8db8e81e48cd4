import { cn } from '@/lib/cn';

/** A shimmering block that holds the place (and the size) of content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('skeleton block rounded-lg', className)} />;
}

/**
 * The shape of a discovery card (photo, badge, name, place, two lines of bio) at the size the real
 * card will take, so nothing moves when it arrives. `label` is announced to screen readers.
 */
export function CardSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        'skeleton relative size-full overflow-hidden rounded-[1.75rem] border border-border shadow-card',
        className,
      )}
    >
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="absolute inset-x-3 top-3 flex gap-1">
        <span className="h-1 flex-1 rounded-full bg-foreground/15" />
        <span className="h-1 flex-1 rounded-full bg-foreground/10" />
        <span className="h-1 flex-1 rounded-full bg-foreground/10" />
      </div>
      <div aria-hidden="true" className="absolute inset-x-5 bottom-5 flex flex-col gap-2.5">
        <span className="h-5 w-28 rounded-full bg-foreground/15" />
        <span className="h-8 w-48 rounded-lg bg-foreground/15" />
        <span className="h-4 w-40 rounded bg-foreground/10" />
        <span className="h-3 w-full rounded bg-foreground/10" />
        <span className="h-3 w-3/4 rounded bg-foreground/10" />
      </div>
    </div>
  );
}

/** A screen still loading its code or data: a title and a few rows, in the page's own layout. */
export function PageSkeleton({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-4 w-32" />
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl" />
        <Skeleton className="h-24 rounded-2xl max-sm:hidden" />
      </div>
    </div>
  );
}

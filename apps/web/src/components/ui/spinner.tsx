import { cn } from '@/lib/cn';

/** A small busy indicator for content areas (route chunks loading, lists fetching). */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 py-12 text-muted-foreground', className)}
    >
      <span
        aria-hidden="true"
        className="size-6 motion-safe:animate-spin rounded-full border-2 border-gold-400 border-t-transparent"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}

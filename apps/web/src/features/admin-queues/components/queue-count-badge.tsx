import type { AdminQueue } from '@royal/shared';
import { useQueueCounts } from '../api/queues';

/**
 * How many items wait in a queue, for its tab's label; nothing while none wait or before the counts
 * arrive (a tab label that flickers 0 → n reads as news).
 */
export function QueueCountBadge({ queue }: { queue: AdminQueue }) {
  const counts = useQueueCounts();
  const open = counts.data?.[queue]?.open ?? 0;
  if (open === 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-primary-foreground text-xs tabular-nums">
      {open > 99 ? '99+' : open}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

import type { EventCard } from '@royal/shared';
import { cn } from '@/lib/cn';
import { eventWhen } from '../event-times';

/**
 * An event's time where it happens (with the zone's name), and on a second line the same moment in
 * the member's own zone when they are elsewhere.
 */
export function EventWhen({
  event,
  at = event.date_time,
  className,
}: {
  event: Pick<EventCard, 'date_time' | 'time_zone'>;
  at?: string;
  className?: string;
}) {
  const { local, mine } = eventWhen(event, at);
  return (
    <span className={cn('flex min-w-0 flex-col', className)}>
      <time dateTime={at} className="text-foreground">
        {local.text} <span className="text-muted-foreground">{local.zone}</span>
      </time>
      {mine && (
        <span className="text-muted-foreground text-xs">
          Your time: {mine.text} {mine.zone}
        </span>
      )}
    </span>
  );
}

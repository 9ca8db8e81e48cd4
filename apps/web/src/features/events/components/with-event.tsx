import type { EventCard } from '@royal/shared';
import type { ReactNode } from 'react';
import { PageSkeleton } from '@/components/ui/skeleton';
import { useEvent } from '../api/events';
import { EventLoadFailure } from './event-unavailable';

/**
 * One event read for a screen (its page, its form, its door): a skeleton while it loads, the
 * refusal or failure with Try Again when it cannot be read, and the screen once it is.
 */
export function WithEvent({ id, children }: { id: string; children: (event: EventCard) => ReactNode }) {
  const event = useEvent(id);
  if (event.isPending) return <PageSkeleton label="Loading the event..." />;
  if (event.isError)
    return (
      <EventLoadFailure
        error={event.error}
        onRetry={() => void event.refetch()}
        retrying={event.isFetching}
      />
    );
  return children(event.data);
}

import { AppError, ErrorCode } from '@royal/shared';
import { ArrowLeft, CalendarX2, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { StatusPanel } from '@/components/ui/status-panel';
import { errorMessage } from '@/lib/api';
import { paths } from '@/lib/paths';

export const EVENT_NOT_FOUND_TEXT = 'Event Not Found';

export function BackToEvents() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.events}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Events
      </Link>
    </Button>
  );
}

/** The spec's 'Event Not Found' page, with the way back. */
export function EventNotFound() {
  return (
    <StatusPanel
      as="h1"
      Icon={CalendarX2}
      title={EVENT_NOT_FOUND_TEXT}
      description="This event does not exist or has been removed."
    >
      <BackToEvents />
    </StatusPanel>
  );
}

/**
 * Why an event cannot be shown: not found; locked for the member's tier (the server's "Tier N+
 * Required", with the upgrade); or a failure to load, with Try Again.
 */
export function EventLoadFailure({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error instanceof AppError && (error.code === ErrorCode.EVENT_NOT_FOUND || error.status === 404)) {
    return <EventNotFound />;
  }
  if (error instanceof AppError && error.code === ErrorCode.TIER_REQUIRED) {
    return (
      <StatusPanel
        as="h1"
        Icon={Lock}
        tone="royal"
        title={error.message}
        description="This event is for members of a higher tier. Upgrade to RSVP and see its details."
      >
        <Button asChild variant="gold">
          <Link to={paths.subscription}>Upgrade</Link>
        </Button>
        <BackToEvents />
      </StatusPanel>
    );
  }
  return (
    <LoadErrorPanel
      title="Failed to load the event"
      message={errorMessage(error)}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

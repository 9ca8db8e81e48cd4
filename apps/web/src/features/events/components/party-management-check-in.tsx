import { ChevronRight, ScanLine } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { eventCheckInPath } from '@/lib/paths';
import { useManageableEvents } from '../api/bulk-invite';
import { eventWhen } from '../event-times';

export const NO_CHECK_IN_EVENTS_TEXT = 'No events to check guests in to right now.';

/** Party Management's Check-in System: pick one of the manager's events to open its door screen. */
export function CheckInSystemDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const events = useManageableEvents(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="text-left">
        <ModalHeader
          title="Check-in System"
          description="Choose the event at the door. Its check-in screen reads guests’ ticket QR codes."
        />
        {events.isPending && <Spinner label="Loading your events..." className="py-8" />}
        {events.isError && (
          <p role="alert" className="mt-4 text-rose-600 text-sm dark:text-rose-300">
            {events.error.message}
          </p>
        )}
        {events.data?.length === 0 && <p className="mt-4 text-muted-foreground">{NO_CHECK_IN_EVENTS_TEXT}</p>}
        {events.data && events.data.length > 0 && (
          <ul className="mt-4 flex flex-col gap-2">
            {events.data.map((event) => (
              <li key={event.id}>
                <Link
                  to={eventCheckInPath(event.id)}
                  onClick={() => onOpenChange(false)}
                  className="flex min-h-14 items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-2 transition hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-gold-400"
                >
                  <ScanLine aria-hidden="true" className="size-5 shrink-0 text-primary dark:text-gold-300" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-semibold text-foreground">{event.name}</span>
                    <span className="text-muted-foreground text-xs">
                      {eventWhen(event, event.date_time, null).local.text} · {event.venue}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

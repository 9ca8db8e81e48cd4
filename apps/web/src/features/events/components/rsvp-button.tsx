import type { EventCard } from '@royal/shared';
import { Ticket } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refusalOr } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useRsvp } from '../api/rsvp';

export const RSVP_FAILED_TEXT = 'Failed to RSVP';

/** What the toast says once the server has answered an RSVP: a seat, or a place on the waiting list. */
export function announceRsvp(event: EventCard): void {
  const rsvp = event.my_rsvp;
  if (rsvp?.status === 'waitlisted') {
    toast.success(`You're on the waiting list (#${rsvp.waitlist_position ?? 1})`, {
      description: `${event.name} is full. We'll let you know as soon as a seat opens.`,
    });
    return;
  }
  toast.success("You're going!", {
    description: `Your ticket for ${event.name} is ready on the event page.`,
  });
}

/**
 * "RSVP Now": takes a seat, or a waiting-list place when the event is full (the server decides,
 * under its capacity rule); the card and the event's page show the answer.
 */
export function RsvpButton({ event, className }: { event: EventCard; className?: string }) {
  const rsvp = useRsvp();
  const pending = rsvp.isPending && rsvp.variables === event.id;
  return (
    <Button
      variant="gold"
      aria-disabled={pending || undefined}
      onClick={() => {
        if (rsvp.isPending) return;
        rsvp.mutate(event.id, {
          onSuccess: ({ event: saved }) => announceRsvp(saved),
          onError: (error) =>
            toast.error(RSVP_FAILED_TEXT, { description: refusalOr(error, 'Please try again.') }),
        });
      }}
      className={cn('aria-disabled:cursor-not-allowed aria-disabled:opacity-60', className)}
    >
      <Ticket aria-hidden="true" className="size-4" />
      {pending ? 'Saving your place...' : 'RSVP Now'}
    </Button>
  );
}

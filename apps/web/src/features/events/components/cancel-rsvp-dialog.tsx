import type { EventCard } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { refusalOr } from '@/lib/api';
import { useCancelRsvp } from '../api/rsvp';

export const CANCEL_RSVP_TEXT = 'Cancel RSVP';
export const RSVP_CANCELLED_TEXT = 'RSVP cancelled';

/** Cancel RSVP, after a confirmation: a seat given up goes to the waiting list and the ticket stops working. */
export function CancelRsvpButton({ event }: { event: EventCard }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRsvp();
  const waitlisted = event.my_rsvp?.status === 'waitlisted';
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {CANCEL_RSVP_TEXT}
      </Button>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">{CANCEL_RSVP_TEXT}?</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground text-sm">
          {waitlisted
            ? `You will leave the waiting list for ${event.name}.`
            : `Your seat at ${event.name} goes to the next member on the waiting list, and your ticket stops working.`}
        </Dialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep my place
          </Button>
          <Button
            aria-disabled={cancel.isPending || undefined}
            className="bg-red-600 text-white hover:bg-red-700 aria-disabled:opacity-60"
            onClick={() => {
              if (cancel.isPending) return;
              cancel.mutate(event.id, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(RSVP_CANCELLED_TEXT, { description: event.name });
                },
                onError: (error) =>
                  toast.error('Failed to cancel your RSVP', {
                    description: refusalOr(error, 'Please try again.'),
                  }),
              });
            }}
          >
            {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import { EVENT_DELETE_CONFIRM_TEXT } from '@royal/shared';
import { Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { refusalOr } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useDeleteEvent } from '../api/manage-event';

export const EVENT_DELETED_TEXT = 'Event Deleted';

/**
 * Delete, after the spec's confirmation; then back to the list with 'Event Deleted'. `stay`: the
 * page is itself a list of events (the admin Events tab), which reads its events again instead.
 */
export function DeleteEventButton({
  eventId,
  name,
  stay = false,
}: {
  eventId: string;
  name: string;
  stay?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent(eventId);
  const navigate = useNavigate();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Button
        type="button"
        variant="outline"
        onClick={() => setOpen(true)}
        className="border-red-300 text-red-700 hover:bg-red-50 dark:border-red-500/60 dark:text-red-300 dark:hover:bg-red-950/40"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Delete {name}?</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground text-sm">
          {EVENT_DELETE_CONFIRM_TEXT}
        </Dialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            aria-disabled={remove.isPending || undefined}
            className="bg-red-600 text-white hover:bg-red-700 aria-disabled:opacity-60"
            onClick={() => {
              if (remove.isPending) return;
              remove.mutate(undefined, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(EVENT_DELETED_TEXT, { description: name });
                  if (!stay) void navigate(paths.events);
                },
                onError: (error) =>
                  toast.error('Failed to delete the event', {
                    description: refusalOr(error, 'Please try again.'),
                  }),
              });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Event'}
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import { type AdminQueue, AppError, ErrorCode } from '@royal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, LockOpen, Timer } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { refreshAfterDecision, useClaim, useReleaseClaim } from '../api/queues';

/** A claim's end as the admin's clock shows it: "14:05". */
export const claimUntilTime = (expiresAt: string) =>
  new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

type ItemDialogProps = {
  title: string;
  description?: string;
  /** The admin closed the item without deciding it. */
  onClose: () => void;
  /** A line under the title saying whose the item is now (a claim's state). */
  status?: ReactNode;
  /** The item's facts. */
  children: ReactNode;
  /** The decision's controls. */
  actions: ReactNode;
};

/** One queue item, open: its title, facts and the decision's controls, in the queues' wide dialog. */
export function ItemDialog({ title, description, onClose, status, children, actions }: ItemDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <ModalContent className="w-[min(56rem,calc(100vw-1.5rem))] text-left">
        <ModalHeader title={title} description={description} />
        {status}
        <div className="mt-4 grid gap-4">{children}</div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">{actions}</div>
      </ModalContent>
    </Dialog.Root>
  );
}

type QueueItemDialogProps = Omit<ItemDialogProps, 'status' | 'actions'> & {
  queue: AdminQueue;
  itemId: string;
  /** The admin closed the item without deciding it: its claim is let go. */
  onClose: () => void;
  /** The decision's controls, usable only while this admin holds the claim. */
  actions: (canDecide: boolean) => ReactNode;
};

/**
 * One queue item, open: claimed for this admin on open (so two admins do not decide it together),
 * with whose claim it is and until when; the decision's controls wait for the claim. Closed
 * undecided, the claim is released; a decision releases it on the server.
 */
export function QueueItemDialog({ queue, itemId, onClose, actions, ...item }: QueueItemDialogProps) {
  const claim = useClaim(queue, itemId);
  const release = useReleaseClaim();
  const queryClient = useQueryClient();
  const decided = claim.error instanceof AppError && claim.error.code === ErrorCode.CONFLICT;
  // Decided by someone else meanwhile: the lists are stale, read them again.
  useEffect(() => {
    if (decided) refreshAfterDecision(queryClient);
  }, [decided, queryClient]);

  const close = () => {
    if (claim.isSuccess) release.mutate({ queue, itemId });
    onClose();
  };

  return (
    <ItemDialog
      {...item}
      onClose={close}
      status={<ClaimStatus claim={claim} />}
      actions={actions(claim.isSuccess)}
    />
  );
}

function ClaimStatus({ claim }: { claim: ReturnType<typeof useClaim> }) {
  const { Icon, text, refused } = claim.isSuccess
    ? { Icon: Timer, text: `Claimed by you until ${claimUntilTime(claim.data.expires_at)}`, refused: false }
    : claim.isError
      ? { Icon: Lock, text: errorMessage(claim.error), refused: true }
      : { Icon: LockOpen, text: 'Claiming this item...', refused: false };
  return (
    <p
      role="status"
      className={cn(
        'mt-3 flex items-center gap-2 font-medium text-sm',
        refused ? 'text-danger' : 'text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  );
}

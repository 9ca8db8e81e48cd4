import { BLOCK_REASON_MAX } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';
import { errorMessage } from '@/lib/api';
import { useBlockMember } from '../api/safety';
import type { MemberDialogProps } from './member-dialog';

export const BLOCKED_TOAST = 'User Blocked';

/**
 * "Block {name}?": what a block does, an optional reason only the member sees, and Block. On success
 * the member is gone from every list (`onBlocked`: leave the screen that showed them).
 */
export function BlockDialog({ member, open, onOpenChange, onBlocked }: MemberDialogProps) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  const block = useBlockMember();
  const submit = () =>
    block.mutate(
      { member_id: member.id, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(BLOCKED_TOAST, {
            description: `You and ${member.name} will no longer see each other.`,
          });
          setReason('');
          onOpenChange(false);
          onBlocked();
        },
        onError: (error) => toast.error('Failed to block user', { description: errorMessage(error) }),
      },
    );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Block {member.name}?</Dialog.Title>
        <Dialog.Description className="mt-2 text-muted-foreground text-sm">
          You won't see each other anywhere in Royal Circle, and your match and chat end. {member.name} isn't
          told. You can unblock them in the Safety Center.
        </Dialog.Description>
        <ReasonField
          id={fieldId}
          label="Reason (optional, only you see it)"
          value={reason}
          onChange={setReason}
          maxLength={BLOCK_REASON_MAX}
          rows={2}
          problem={null}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={submit}
            disabled={block.isPending}
            className="bg-red-600 text-white hover:bg-red-700"
          >
            Block
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import { type ModerationItem, REJECTION_REASON_MAX, REJECTION_REASON_REQUIRED } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';

/** Reject with a reason: the reason is required (the spec's 'Please provide a rejection reason'). */
export function RejectDialog({
  item,
  busy,
  onReject,
  onClose,
}: {
  item: ModerationItem | null;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const open = item !== null;
  // The field empties when the dialog closes (a rejection that succeeded, or Cancel), not on
  // Reject: a failed request leaves the dialog open, and the reason must still be there to retry.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setReason('');
      setProblem(null);
    }
  }
  const submit = () => {
    if (reason.trim() === '') {
      setProblem(REJECTION_REASON_REQUIRED);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <Dialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Reject photo</Dialog.Title>
        <Dialog.Description className="mt-1 text-muted-foreground text-sm">
          {item ? `${item.member.name} will see this reason and may appeal once.` : ''}
        </Dialog.Description>
        <ReasonField
          id={fieldId}
          label="Rejection reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
          maxLength={REJECTION_REASON_MAX}
          rows={3}
          problem={problem}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={busy} className="bg-red-600 text-white hover:bg-red-700">
            Reject
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import { APPEAL_REASON_MAX, APPEAL_REPLY_TEXT, type MyPhoto, photoAppealBodySchema } from '@royal/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { ReasonField } from '@/components/ui/reason-field';
import { useAppealPhoto } from '../api/photos';

/** Appeal a rejected photo (once): the reason is required, as the server also insists. */
export function AppealDialog({ photo, onClose }: { photo: MyPhoto | null; onClose: () => void }) {
  const appeal = useAppealPhoto();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };

  const submit = () => {
    if (!photo) return;
    const parsed = photoAppealBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please provide a reason for your appeal');
      return;
    }
    appeal.mutate(
      { id: photo.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success('Appeal Submitted', {
            description: `We will review your appeal and reply within ${APPEAL_REPLY_TEXT}.`,
          });
          close();
        },
        onError: () => toast.error('Failed to submit appeal. Please try again.'),
      },
    );
  };

  return (
    <Dialog.Root open={photo !== null} onOpenChange={(open) => !open && close()}>
      <ModalContent className="text-left">
        <Dialog.Title className="font-display text-2xl">Appeal this decision</Dialog.Title>
        <Dialog.Description className="mt-1 text-muted-foreground text-sm">
          Rejected because: <span className="font-semibold text-foreground">{photo?.rejection_reason}</span>
        </Dialog.Description>
        {photo && (
          <img
            src={photo.thumb_url}
            alt="Rejected upload"
            className="mx-auto mt-4 h-40 rounded-xl object-cover"
          />
        )}
        <ReasonField
          id={fieldId}
          label="Why should we look again?"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
          maxLength={APPEAL_REASON_MAX}
          rows={4}
          problem={problem}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="gold" onClick={submit} disabled={appeal.isPending}>
            {appeal.isPending ? 'Submitting...' : 'Submit Appeal'}
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { TOAST_AVOID } from '@/lib/toast-lane';
import { useAcceptDocument } from '../api/compliance';
import type { LegalDocument } from '../legal-text';

/**
 * One legal document of the gate: its summary, a checkbox that must be ticked before
 * 'Accept & Continue' is enabled, and Decline (which signs the member out).
 */
export function LegalDocumentModal({
  document,
  step,
  onDecline,
  declining,
}: {
  document: LegalDocument;
  step: string;
  onDecline: () => void;
  declining: boolean;
}) {
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptDocument(document.kind);
  const checkboxId = useId();

  const onAccept = () =>
    accept.mutate(document.version, {
      onSuccess: () => toast.success(document.acceptedToast),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Dialog.Root open>
      <ModalContent
        className="w-[min(34rem,calc(100vw-2rem))] text-left"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <p className="font-medium text-gold-600 text-xs uppercase tracking-[0.2em] dark:text-gold-300">
          {step}
        </p>
        <Dialog.Title className="mt-1 font-display text-2xl">{document.title}</Dialog.Title>
        <Dialog.Description className="text-muted-foreground text-sm">
          Version {document.version}. Please read it before you continue.
        </Dialog.Description>
        {/* No inner scroll box: the modal itself scrolls, and its controls keep it keyboard-reachable. */}
        <section
          aria-label={`${document.title} summary`}
          className="mt-4 grid gap-3 rounded-2xl border border-border bg-surface-muted/60 p-4 text-sm leading-relaxed"
        >
          {document.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        <label htmlFor={checkboxId} className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 text-sm">
          <input
            id={checkboxId}
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-gold-500"
          />
          <span>{document.checkboxLabel}</span>
        </label>
        <div {...TOAST_AVOID} className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDecline} disabled={declining || accept.isPending}>
            Decline
          </Button>
          <Button variant="gold" onClick={onAccept} disabled={!agreed || accept.isPending || declining}>
            Accept &amp; Continue
          </Button>
        </div>
      </ModalContent>
    </Dialog.Root>
  );
}

import {
  ID_TYPE_LABELS,
  type IdType,
  VERIFICATION_REVIEW_TEXT,
  VERIFICATION_WIZARD_STEPS,
} from '@royal/shared';
import { BadgeCheck, CheckCircle2, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { IdTypeChoice, UploadProgress } from '@/components/ui/id-type-choice';
import { ModalContent } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { idImageProblem } from '@/lib/image-file';
import { submitVerification, useRefreshVerification } from '../api/verification';
import { SelfieCamera } from './selfie-camera';

const STEPS = ['intro', 'selfie', 'id', 'review', 'complete'] as const;
type Step = (typeof STEPS)[number];

/** An object URL for a chosen file, revoked when the file changes or the component goes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The verification wizard (spec part 2 §2): intro, selfie (camera or file), ID (type and image),
 * review, complete, with 'Step X of 5'. Submitting sends both images for admin review.
 */
export function VerificationWizard({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && <WizardPanel onClose={() => onOpenChange(false)} />}
    </Dialog.Root>
  );
}

function WizardPanel({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>('intro');
  const [selfie, setSelfie] = useState<File | null>(null);
  const [idFile, setIdFile] = useState<File | null>(null);
  const [idType, setIdType] = useState<IdType | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const refresh = useRefreshVerification();
  const idFileId = useId();
  const selfieUrl = useObjectUrl(selfie);
  const idUrl = useObjectUrl(idFile);
  const number = STEPS.indexOf(step) + 1;

  // Choosing an ID type (with its image) moves on to the review.
  useEffect(() => {
    if (step === 'id' && idType && idFile) setStep('review');
  }, [step, idType, idFile]);

  const chooseId = (file: File | undefined) => {
    if (!file) return;
    const problem = idImageProblem(file);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    setIdFile(file);
  };

  const submit = async () => {
    if (!selfie || !idFile || !idType) return;
    setProgress(0);
    try {
      await submitVerification({ selfie, id: idFile, idType }, setProgress);
      setStep('complete');
      void refresh();
    } catch (error) {
      toast.error('Upload Failed', { description: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <ModalContent className="w-[min(32rem,calc(100vw-2rem))]">
      <div className="grid gap-1 text-left">
        <span className="text-muted-foreground text-xs">
          Step {number} of {VERIFICATION_WIZARD_STEPS}
        </span>
        <div className="h-1.5 overflow-hidden rounded-full bg-surface-muted" aria-hidden>
          <div
            className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500 transition-[width]"
            style={{ width: `${(number / VERIFICATION_WIZARD_STEPS) * 100}%` }}
          />
        </div>
      </div>

      {step === 'intro' && (
        <>
          <ShieldCheck aria-hidden className="mx-auto mt-5 size-12 text-primary dark:text-gold-300" />
          <Dialog.Title className="mt-2 font-display text-2xl">Get Verified</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground text-sm leading-relaxed">
            Take a selfie and add a photo of your government ID. Our team compares them and reviews within{' '}
            {VERIFICATION_REVIEW_TEXT}. Both images are encrypted and deleted 72 hours after the decision.
          </Dialog.Description>
          <Button variant="gold" className="mt-6 w-full" onClick={() => setStep('selfie')}>
            Start Verification
          </Button>
        </>
      )}

      {step === 'selfie' && (
        <>
          <Dialog.Title className="mt-4 font-display text-2xl">Take a Selfie</Dialog.Title>
          <Dialog.Description className="mb-4 text-muted-foreground text-sm">
            Face the camera in good light, without sunglasses.
          </Dialog.Description>
          <SelfieCamera selfie={selfie} onChange={setSelfie} />
          <div className="mt-4 flex gap-2">
            <Button variant="outline" className="flex-1" onClick={() => setStep('intro')}>
              Back
            </Button>
            <Button variant="gold" className="flex-1" disabled={!selfie} onClick={() => setStep('id')}>
              Continue
            </Button>
          </div>
        </>
      )}

      {step === 'id' && (
        <div className="text-left">
          <Dialog.Title className="mt-4 text-center font-display text-2xl">Your ID</Dialog.Title>
          <Dialog.Description className="mb-4 text-center text-muted-foreground text-sm">
            Add a clear photo of the front of your ID, then choose its type.
          </Dialog.Description>
          <div className="grid gap-4">
            <div className="grid gap-2">
              <label htmlFor={idFileId} className="font-medium text-sm">
                ID image
              </label>
              <input
                id={idFileId}
                type="file"
                accept="image/*"
                onChange={(event) => chooseId(event.target.files?.[0])}
                className="block w-full rounded-2xl border border-border border-dashed bg-surface-muted/50 p-3 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-foreground"
              />
            </div>
            <IdTypeChoice name="wizard-id-type" value={idType} onChange={setIdType} />
            <Button variant="outline" onClick={() => setStep('selfie')}>
              Back
            </Button>
          </div>
        </div>
      )}

      {step === 'review' && (
        <>
          <Dialog.Title className="mt-4 font-display text-2xl">Review</Dialog.Title>
          <Dialog.Description className="mb-4 text-muted-foreground text-sm">
            Check both images are sharp and readable before you submit.
          </Dialog.Description>
          <div className="grid grid-cols-2 gap-3">
            <figure className="grid gap-1">
              {selfieUrl && (
                <img
                  src={selfieUrl}
                  alt="Your selfie"
                  className="aspect-[3/4] w-full rounded-2xl object-cover"
                />
              )}
              <figcaption className="text-muted-foreground text-xs">Selfie</figcaption>
            </figure>
            <figure className="grid gap-1">
              {idUrl && (
                <img
                  src={idUrl}
                  alt="Your ID"
                  className="aspect-[3/4] w-full rounded-2xl bg-royal-950 object-contain"
                />
              )}
              <figcaption className="text-muted-foreground text-xs">
                {idType ? ID_TYPE_LABELS[idType] : 'ID'}
              </figcaption>
            </figure>
          </div>
          {progress !== null && (
            <div className="mt-4">
              <UploadProgress percent={progress} label="Sending your verification" />
            </div>
          )}
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row">
            <Button
              variant="outline"
              className="flex-1"
              disabled={progress !== null}
              onClick={() => {
                setIdFile(null);
                setStep('id');
              }}
            >
              Back
            </Button>
            <Button variant="gold" className="flex-1" disabled={progress !== null} onClick={submit}>
              <BadgeCheck aria-hidden className="size-4" />
              Submit for Review
            </Button>
          </div>
        </>
      )}

      {step === 'complete' && (
        <>
          <CheckCircle2 aria-hidden className="mx-auto mt-5 size-12 text-emerald-600 dark:text-emerald-400" />
          <Dialog.Title className="mt-2 font-display text-2xl">Verification Submitted</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground text-sm leading-relaxed">
            We will review your verification within {VERIFICATION_REVIEW_TEXT}. You will see the ID verified
            badge on your profile once it is approved.
          </Dialog.Description>
          <Button variant="gold" className="mt-6 w-full" onClick={onClose}>
            Done
          </Button>
        </>
      )}
    </ModalContent>
  );
}

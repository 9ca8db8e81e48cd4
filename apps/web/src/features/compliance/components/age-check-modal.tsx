import { AGE_CHECK_SKIP_TEXT, type IdType, VERIFICATION_REVIEW_TEXT } from '@royal/shared';
import { CheckCircle2, ShieldCheck, Upload } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { IdTypeChoice, UploadProgress } from '@/components/ui/id-type-choice';
import { ModalContent } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api';
import { idImageProblem } from '@/lib/image-file';
import { TOAST_AVOID } from '@/lib/toast-lane';
import { uploadId, useSkipAgeCheck } from '../api/compliance';

type Phase = 'intro' | 'upload' | 'submitted';

const blockDismiss = {
  onEscapeKeyDown: (event: Event) => event.preventDefault(),
  onPointerDownOutside: (event: Event) => event.preventDefault(),
  onInteractOutside: (event: Event) => event.preventDefault(),
};

/**
 * The gate's third step: why we ask (intro), the ID upload with its type, and the confirmation.
 * Skipping is allowed; the member then stays unverified (AGE_CHECK_SKIP_TEXT says what that costs).
 * `onFinished` runs after the confirmation, so it stays on screen until the member continues.
 */
export function AgeCheckModal({
  step,
  onSubmitted,
  onFinished,
}: {
  step: string;
  onSubmitted: () => void;
  onFinished: () => void;
}) {
  const [phase, setPhase] = useState<Phase>('intro');
  const [idType, setIdType] = useState<IdType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const skip = useSkipAgeCheck();
  const fileId = useId();

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = idImageProblem(chosen);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!idType || !file) return;
    setProgress(0);
    try {
      await uploadId({ idType, file }, setProgress);
      toast.success('ID Uploaded Successfully', {
        description: `We will review it within ${VERIFICATION_REVIEW_TEXT}.`,
      });
      setPhase('submitted');
      onSubmitted();
    } catch (error) {
      toast.error('Upload Failed', { description: errorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog.Root open>
      <ModalContent className="w-[min(30rem,calc(100vw-2rem))]" {...blockDismiss}>
        <p className="font-medium text-gold-600 text-xs uppercase tracking-[0.2em] dark:text-gold-300">
          {step}
        </p>
        {phase === 'intro' && (
          <>
            <ShieldCheck aria-hidden className="mx-auto mt-3 size-12 text-primary dark:text-gold-300" />
            <Dialog.Title className="mt-2 font-display text-2xl">Age Verification</Dialog.Title>
            <Dialog.Description className="mt-2 text-muted-foreground text-sm leading-relaxed">
              Members must be 18+ for the Observer tier and 21+ for every other tier. Upload a
              government-issued ID: it is encrypted, seen only by our verification team, and deleted 72 hours
              after the decision.
            </Dialog.Description>
            <div {...TOAST_AVOID} className="mt-6 grid gap-2">
              <Button variant="gold" onClick={() => setPhase('upload')}>
                Verify with ID
              </Button>
              <Button
                variant="ghost"
                disabled={skip.isPending}
                onClick={() =>
                  skip.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
                }
              >
                Skip for now
              </Button>
            </div>
            <p className="mt-3 text-muted-foreground text-xs leading-relaxed">{AGE_CHECK_SKIP_TEXT}</p>
          </>
        )}
        {phase === 'upload' && (
          <div className="text-left">
            <Dialog.Title className="mt-1 text-center font-display text-2xl">Upload Your ID</Dialog.Title>
            <Dialog.Description className="mt-1 text-center text-muted-foreground text-sm">
              A clear photo of the front of your ID, JPG or PNG, up to 10 MB.
            </Dialog.Description>
            <div className="mt-4 grid gap-4">
              <IdTypeChoice name="gate-id-type" value={idType} onChange={setIdType} />
              <div className="grid gap-2">
                <label htmlFor={fileId} className="font-medium text-sm">
                  ID image
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept="image/*"
                  onChange={(event) => chooseFile(event.target.files?.[0])}
                  className="block w-full rounded-2xl border border-border border-dashed bg-surface-muted/50 p-3 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-primary file:px-4 file:py-2 file:font-semibold file:text-primary-foreground"
                />
                {file && <p className="truncate text-muted-foreground text-xs">Selected: {file.name}</p>}
              </div>
              {progress !== null && <UploadProgress percent={progress} label="Uploading your ID" />}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => setPhase('intro')} disabled={progress !== null}>
                  Back
                </Button>
                <Button variant="gold" onClick={upload} disabled={!idType || !file || progress !== null}>
                  <Upload aria-hidden className="size-4" />
                  Upload ID
                </Button>
              </div>
            </div>
          </div>
        )}
        {phase === 'submitted' && (
          <>
            <CheckCircle2
              aria-hidden
              className="mx-auto mt-3 size-12 text-emerald-600 dark:text-emerald-400"
            />
            <Dialog.Title className="mt-2 font-display text-2xl">ID Submitted</Dialog.Title>
            <Dialog.Description className="mt-2 text-muted-foreground text-sm leading-relaxed">
              Thank you. Our team will review your ID within {VERIFICATION_REVIEW_TEXT}. You can use Royal
              Circle in the meantime.
            </Dialog.Description>
            <Button variant="gold" className="mt-6 w-full" onClick={onFinished}>
              Continue
            </Button>
          </>
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

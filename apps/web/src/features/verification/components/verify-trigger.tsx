import { type VerificationRequest, verifiedSinceLabel } from '@royal/shared';
import { BadgeCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMyVerification } from '../api/verification';
import { VerificationWizard } from './verification-wizard';

/**
 * Edit Profile's 'Verify' button (spec part 2 §2) with the member's status: 'Verified in <month
 * year>' once approved, 'Verification pending' while under review, otherwise 'Verify' — which opens
 * the wizard. A rejection says why, an expiry (nobody reviewed it in time) says so, and the button
 * allows a new attempt.
 */
export function VerifyTrigger() {
  const [open, setOpen] = useState(false);
  const status = useMyVerification();
  return (
    <>
      <VerificationStatus status={status} onVerify={() => setOpen(true)} />
      {/* Mounted beside the status, so the wizard's last step stays while the status turns pending. */}
      <VerificationWizard open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * What became of the member's last attempt, when it did not verify them: why it was rejected, or
 * that it expired before anyone reviewed it (not their doing, so not in the rejection's red). Either
 * way the Verify button below starts a new one.
 */
function lastAttemptNote(request: VerificationRequest): { text: string; className: string } | null {
  if (request.status === 'rejected' && request.rejection_reason) {
    return {
      text: `Your last verification was rejected: ${request.rejection_reason}`,
      className: 'text-rose-700 text-sm dark:text-rose-300',
    };
  }
  if (request.status === 'expired') {
    return {
      text: 'Your last verification expired before it was reviewed. You can submit again.',
      className: 'text-amber-800 text-sm dark:text-amber-200',
    };
  }
  return null;
}

function VerificationStatus({
  status,
  onVerify,
}: {
  status: ReturnType<typeof useMyVerification>;
  onVerify: () => void;
}) {
  const data = status.data;
  if (data?.verified) {
    return (
      <p className="inline-flex items-center gap-2 font-semibold text-emerald-700 text-sm dark:text-emerald-300">
        <BadgeCheck aria-hidden className="size-5" />
        {data.verified_at ? verifiedSinceLabel(data.verified_at) : 'Verified'}
      </p>
    );
  }
  if (data?.request?.status === 'pending') {
    return (
      <p className="inline-flex items-center gap-2 text-muted-foreground text-sm">
        <Clock aria-hidden className="size-5" />
        Verification pending review
      </p>
    );
  }
  const note = data?.request ? lastAttemptNote(data.request) : null;
  return (
    <div className="grid justify-items-start gap-2">
      {note && <p className={note.className}>{note.text}</p>}
      <Button variant="gold" onClick={onVerify} disabled={status.isPending}>
        <BadgeCheck aria-hidden className="size-4" />
        Verify
      </Button>
    </div>
  );
}

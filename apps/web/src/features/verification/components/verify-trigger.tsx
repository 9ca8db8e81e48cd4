import { verifiedSinceLabel } from '@royal/shared';
import { BadgeCheck, Clock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMyVerification } from '../api/verification';
import { VerificationWizard } from './verification-wizard';

/**
 * Edit Profile's 'Verify' button (spec part 2 §2) with the member's status: 'Verified in <month
 * year>' once approved, 'Verification pending' while under review, otherwise 'Verify' — which opens
 * the wizard, also for a new attempt after a rejection or an expiry (LastVerificationNote says
 * which).
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
  return (
    <Button variant="gold" onClick={onVerify} disabled={status.isPending}>
      <BadgeCheck aria-hidden className="size-4" />
      Verify
    </Button>
  );
}

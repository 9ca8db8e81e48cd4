import { formatCents, TRANSFER_GUARD } from '@royal/shared';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Why the server asks about this transfer, from its refusal's `details.reason` (decision 027), or
 * null. The warning itself speaks of new matches; a large sum to someone the member matched long ago,
 * or never, needs its own line to make sense. (The 24 hours of the sum are the server's window.)
 */
export function guardReasonText(details: unknown): string | null {
  const reason =
    typeof details === 'object' && details !== null && 'reason' in details ? details.reason : null;
  if (reason === 'large_amount')
    return `With this transfer you would send this member ${formatCents(TRANSFER_GUARD.confirmAtCents)} or more within 24 hours.`;
  if (reason === 'new_match')
    return `You matched with this member less than ${TRANSFER_GUARD.newMatchHours} hours ago.`;
  return null;
}

/** The romance-scam warning a guarded transfer shows before the member may confirm it. */
export function ScamWarning({
  reason,
  message,
  pending,
  onConfirm,
  onDismiss,
}: {
  /** Why this transfer is asked about (guardReasonText), shown before the general warning. */
  reason: string | null;
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-amber-400/60 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        Before you send money
      </p>
      {reason && <p className="font-medium text-sm">{reason}</p>}
      <p className="text-sm">{message}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onDismiss}>
          Don’t send
        </Button>
        <Button type="button" onClick={onConfirm} disabled={pending}>
          {pending ? 'Sending…' : 'I understand, send it'}
        </Button>
      </div>
    </div>
  );
}

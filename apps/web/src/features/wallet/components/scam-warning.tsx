import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The romance-scam warning a guarded transfer shows before the member may confirm it. */
export function ScamWarning({
  message,
  pending,
  onConfirm,
  onDismiss,
}: {
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

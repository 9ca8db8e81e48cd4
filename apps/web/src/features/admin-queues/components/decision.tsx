import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';

/**
 * What every queue decision does when it returns: on success a toast and the item closes (its claim
 * went with the decision); on failure a toast with the server's reason, and the item stays open.
 */
export function decisionToasts({
  success,
  successDetail,
  failure,
  onDecided,
}: {
  success: string;
  successDetail?: string;
  failure: string;
  onDecided: () => void;
}) {
  return {
    onSuccess: () => {
      toast.success(success, successDetail ? { description: successDetail } : undefined);
      onDecided();
    },
    onError: (error: unknown) => toast.error(failure, { description: errorMessage(error) }),
  };
}

/** The facts of an item, label beside value. */
export function Facts({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When something was filed, as the admin's clock shows it. */
export const filedAt = (iso: string) => new Date(iso).toLocaleString();

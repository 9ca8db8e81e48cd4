import {
  type AdminVerificationItem,
  DEFAULT_VERIFICATION_REJECTION_REASON,
  ID_TYPE_LABELS,
  type VerificationStatus,
} from '@royal/shared';
import { Check, ImageOff, MapPin, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TierBadge } from '@/components/ui/tier-badge';
import { errorMessage } from '@/lib/api';
import { useDecideVerification, useVerificationLinks } from '../api/admin-verification';

const TYPE_LABELS = {
  selfie: 'Selfie and ID',
  id: 'Age check (ID)',
  background_check: 'Background check',
} as const;

/**
 * Why a request holds no image: deleted 72 hours after the decision, or, on a request nobody decided,
 * with its expiry (so the admin does not read it as reviewed).
 */
const deletedImageLabel = (status: VerificationStatus) =>
  status === 'expired' ? 'Deleted: expired before review' : 'Deleted after review';

function DocumentImage({
  url,
  alt,
  deletedLabel,
}: {
  url: string | null | undefined;
  alt: string;
  deletedLabel: string;
}) {
  if (!url) {
    return (
      <div className="flex aspect-[3/4] flex-col items-center justify-center gap-1 rounded-2xl bg-surface-muted p-2 text-center text-muted-foreground text-xs">
        <ImageOff aria-hidden className="size-5" />
        {deletedLabel}
      </div>
    );
  }
  // The whole image (an ID is landscape); a click opens it full size — the link is this admin's own.
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-gold-400"
    >
      <img src={url} alt={alt} className="aspect-[3/4] w-full rounded-2xl bg-royal-950 object-contain" />
    </a>
  );
}

/** One request: who, what was submitted (through short-lived links), when, and the decision. */
export function VerificationCard({ item }: { item: AdminVerificationItem }) {
  const holdsImages = item.has_selfie || item.has_id;
  const links = useVerificationLinks(item.id, holdsImages);
  const decide = useDecideVerification();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const pending = item.status === 'pending';
  const deletedLabel = deletedImageLabel(item.status);

  const act = (action: 'approve' | 'reject') =>
    decide.mutate(
      { requestId: item.id, action, ...(action === 'reject' ? { reason: reason.trim() } : {}) },
      {
        onSuccess: () => toast.success(`Verification ${action}d successfully`),
        // The server says why (already reviewed, or expired before anyone did).
        onError: (error) =>
          toast.error(`Failed to ${action} verification`, { description: errorMessage(error) }),
      },
    );

  return (
    <article className="grid gap-3 rounded-3xl border border-border bg-surface p-4 shadow-[0_20px_60px_-30px_rgba(44,20,80,0.35)]">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-lg">
            {item.member.name}, {item.member.age}
          </h3>
          <p className="flex items-center gap-1 text-muted-foreground text-sm">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {item.member.city}, {item.member.state}
          </p>
        </div>
        <TierBadge tier={item.member.tier_level} />
      </header>
      <p className="text-sm">
        {TYPE_LABELS[item.verification_type]}
        {item.id_type ? ` · ${ID_TYPE_LABELS[item.id_type]}` : ''}
      </p>
      <div className="grid grid-cols-2 gap-2">
        {item.verification_type === 'selfie' && (
          <DocumentImage
            url={item.has_selfie ? links.data?.selfie_url : null}
            alt={`Selfie of ${item.member.name}`}
            deletedLabel={deletedLabel}
          />
        )}
        <DocumentImage
          url={item.has_id ? links.data?.id_url : null}
          alt={`ID of ${item.member.name}`}
          deletedLabel={deletedLabel}
        />
      </div>
      <p className="text-muted-foreground text-xs">Submitted {new Date(item.created_at).toLocaleString()}</p>
      {item.reviewed_at && (
        <p className="text-muted-foreground text-xs">
          Reviewed {new Date(item.reviewed_at).toLocaleString()}
        </p>
      )}
      {item.rejection_reason && (
        <p className="rounded-2xl bg-rose-50 px-3 py-2 text-rose-800 text-sm dark:bg-rose-950/40 dark:text-rose-200">
          {item.rejection_reason}
        </p>
      )}
      {pending && !rejecting && (
        <div className="flex gap-2">
          <Button
            variant="gold"
            className="flex-1"
            disabled={decide.isPending}
            onClick={() => act('approve')}
          >
            <Check aria-hidden className="size-4" />
            Approve
          </Button>
          <Button
            variant="outline"
            className="flex-1"
            disabled={decide.isPending}
            onClick={() => setRejecting(true)}
          >
            <X aria-hidden className="size-4" />
            Reject
          </Button>
        </div>
      )}
      {pending && rejecting && (
        <div className="grid gap-2">
          <label htmlFor={reasonId} className="font-medium text-sm">
            Rejection reason
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder={DEFAULT_VERIFICATION_REJECTION_REASON}
            rows={2}
            maxLength={500}
            className="rounded-2xl border border-border bg-surface-muted/50 p-3 text-sm"
          />
          <div className="flex gap-2">
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => setRejecting(false)}
              disabled={decide.isPending}
            >
              Cancel
            </Button>
            <Button
              variant="primary"
              className="flex-1"
              onClick={() => act('reject')}
              disabled={decide.isPending}
            >
              Reject
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}

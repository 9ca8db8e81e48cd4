import { MODERATION_CONFIDENCE_GOOD, type ModerationItem, relativeTime } from '@royal/shared';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TierBadge } from '@/components/ui/tier-badge';
import { cn } from '@/lib/cn';

/** "97.0%": the spec's one decimal. */
export const confidenceLabel = (score: number) => `${(score * 100).toFixed(1)}%`;

/** One photo in the moderation grid, with the actions its list allows. */
export function ModerationCard({
  item,
  mode,
  busy,
  onApprove,
  onReject,
}: {
  item: ModerationItem;
  mode: 'photo' | 'appeal';
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const score = item.ai_confidence_score;
  return (
    <li className="flex flex-col overflow-hidden rounded-3xl border border-border bg-surface shadow-[0_12px_32px_-24px_rgba(44,20,80,0.45)]">
      <img
        src={item.url}
        alt={`Uploaded by ${item.member.name}`}
        loading="lazy"
        className="aspect-[4/5] w-full bg-surface-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 flex-1 truncate font-semibold text-foreground">
            {item.member.name}, {item.member.age}
          </p>
          <TierBadge tier={item.member.tier_level} />
        </div>
        <p className="text-muted-foreground text-xs">
          {item.member.city}, {item.member.state} · uploaded {relativeTime(item.created_at)}
        </p>
        <p className="text-sm">
          AI confidence:{' '}
          {score === null ? (
            <span className="text-muted-foreground">not scored yet</span>
          ) : (
            <span
              className={cn(
                'font-semibold tabular-nums',
                score > MODERATION_CONFIDENCE_GOOD
                  ? 'text-emerald-700 dark:text-emerald-300'
                  : 'text-amber-700 dark:text-amber-300',
              )}
            >
              {confidenceLabel(score)}
            </span>
          )}
        </p>
        {item.rejection_reason && (
          <p className="text-sm">
            <span className="font-semibold">Rejected:</span> {item.rejection_reason}
          </p>
        )}
        {mode === 'appeal' && item.appeal_reason && (
          <p className="rounded-xl bg-surface-muted p-2 text-sm">
            <span className="font-semibold">Appeal:</span> {item.appeal_reason}
          </p>
        )}
        {item.moderated_at && mode === 'photo' && item.status !== 'pending' && (
          <p className="text-muted-foreground text-xs">Reviewed {relativeTime(item.moderated_at)}</p>
        )}
        <div className="mt-auto flex flex-col gap-2 pt-1 sm:flex-row">
          {(mode === 'appeal' || item.status !== 'approved') && (
            <Button
              size="md"
              className="flex-1 bg-emerald-700 text-white hover:bg-emerald-800"
              onClick={onApprove}
              disabled={busy}
            >
              <Check aria-hidden="true" className="size-4" />
              {mode === 'appeal' ? 'Restore' : 'Approve'}
            </Button>
          )}
          {(mode === 'appeal' || item.status !== 'rejected') && (
            <Button variant="outline" size="md" className="flex-1" onClick={onReject} disabled={busy}>
              <X aria-hidden="true" className="size-4" />
              {mode === 'appeal' ? 'Keep Rejected' : 'Reject'}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

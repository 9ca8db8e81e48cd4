import type { CheckInReply } from '@royal/shared';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { TierBadge } from '@/components/ui/tier-badge';
import { cn } from '@/lib/cn';
import { arrivalTime } from './check-in-arrivals';

/** What the door last heard: a ticket accepted, one already used, or a refusal. */
export type DoorResult =
  | { kind: 'checked-in' | 'repeat'; reply: CheckInReply; seq: number }
  | { kind: 'refused'; message: string; seq: number };

const TONES = {
  'checked-in':
    'border-emerald-500 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950/60 dark:text-emerald-100',
  repeat:
    'border-amber-500 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950/60 dark:text-amber-100',
  refused:
    'border-rose-500 bg-rose-50 text-rose-900 dark:border-rose-400 dark:bg-rose-950/60 dark:text-rose-100',
} as const;

/**
 * The answer for the guest in front of the promoter, large enough to read at arm's length: who they
 * are and 'Checked in' (green), 'Already checked in at <time>' (amber), or the server's reason (red).
 * The region is always there and polite, so a screen reader says each new answer once.
 */
export function CheckInResult({ result, timeZone }: { result: DoorResult | null; timeZone: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" aria-label="Check-in result">
      {result && (
        <div
          key={result.seq}
          data-result={result.kind}
          className={cn(
            'flex motion-safe:animate-[fade-in_0.2s_ease-out] items-center gap-4 rounded-3xl border-2 p-4 sm:p-5',
            TONES[result.kind],
          )}
        >
          {result.kind === 'refused' ? (
            <>
              <CircleAlert aria-hidden="true" className="size-12 shrink-0" />
              <p className="font-semibold text-xl">{result.message}</p>
            </>
          ) : (
            <>
              <MemberAvatar
                name={result.reply.guest.name}
                src={result.reply.guest.avatar_url}
                size="lg"
                decorative
              />
              <div className="flex min-w-0 flex-col items-start gap-1.5">
                <p className="break-words font-display text-2xl">{result.reply.guest.name}</p>
                <TierBadge tier={result.reply.guest.tier} label="full" />
                {result.kind === 'checked-in' ? (
                  <p className="flex items-center gap-1.5 font-bold text-xl">
                    <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
                    Checked in
                  </p>
                ) : (
                  <p className="flex items-center gap-1.5 font-bold text-lg">
                    <Clock aria-hidden="true" className="size-6 shrink-0" />
                    Already checked in at {arrivalTime(result.reply.checked_in_at, timeZone)}
                  </p>
                )}
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

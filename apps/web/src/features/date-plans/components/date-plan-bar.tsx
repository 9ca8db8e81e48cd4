import {
  DATE_PLAN_OPEN_STATUSES,
  DATE_PLAN_STATUS_LABELS,
  DATE_PLAN_TEXT,
  DATE_SAFETY_TEXT,
  DATE_WATCH_STATUSES,
  type DatePlan,
  type DatePlanStatus,
  type TierLevel,
} from '@royal/shared';
import { CalendarHeart, ChevronRight } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useDatePlans } from '../api/date-plans';
import { useDateWatch } from '../api/date-watch';
import { planWhen } from '../plan-time';

// Loaded when the member opens a plan or the sheet, not with every chat: they bring the QR scanner
// (a decoder of its own) and the forms.
const DatePlanDetails = lazy(() =>
  import('./date-plan-details').then((module) => ({ default: module.DatePlanDetails })),
);
const PlanSheet = lazy(() => import('./plan-sheet').then((module) => ({ default: module.PlanSheet })));

/** A plan that still asks something of its members (the API allows one per chat). */
const OPEN: ReadonlySet<DatePlanStatus> = new Set(DATE_PLAN_OPEN_STATUSES);
/** A plan that ended stays on the bar this long, so both members see how it ended. */
const ENDED_SHOWN_MS = 24 * 3_600_000;

/** The plan the bar shows: the open one, else one that ended within a day. */
export function currentPlan(plans: readonly DatePlan[], now = Date.now()): DatePlan | null {
  const open = plans.find((plan) => OPEN.has(plan.status));
  if (open) return open;
  const latest = plans[0];
  return latest && now - new Date(latest.updated_at).getTime() < ENDED_SHOWN_MS ? latest : null;
}

/**
 * The chat's date bar, under its header: the current plan in one line (its details and answers in
 * a dialog), or 'Plan a date' while there is none and the chat is open for writing.
 */
export function DatePlanBar({
  matchId,
  them,
  writable,
}: {
  matchId: string;
  them: { name: string; tier_level: TierLevel };
  writable: boolean;
}) {
  const plans = useDatePlans(matchId);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [sheet, setSheet] = useState<{ answering?: DatePlan } | null>(null);
  const plan = currentPlan(plans.data?.items ?? []);
  // A date under way may have a safety timer asking "Are you OK?": the bar says so first.
  const watched = plan !== null && (DATE_WATCH_STATUSES as readonly DatePlanStatus[]).includes(plan.status);
  const watch = useDateWatch(plan?.id ?? '', watched);
  const askingIfOk = watched && watch.data?.timer.state === 'asking';
  const canPropose = writable && (!plan || !OPEN.has(plan.status));
  if (!plan && !canPropose) return null;

  return (
    <div className="flex min-h-12 items-center gap-2 border-border border-b bg-surface-muted/60 px-4 py-1.5">
      <CalendarHeart aria-hidden="true" className="size-5 shrink-0 text-gold-600 dark:text-gold-300" />
      {plan ? (
        <button
          type="button"
          onClick={() => setDetailsOpen(true)}
          className={cn(
            'flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-xl px-2 text-left text-sm hover:bg-surface-muted',
            plan.awaiting_me && 'font-semibold',
          )}
        >
          <span className="min-w-0 flex-1 truncate text-foreground">
            {plan.awaiting_me ? `${plan.them.first_name} proposes a date · ` : ''}
            {planWhen(plan.starts_at)} · {plan.place.name}
          </span>
          {askingIfOk ? (
            <span className="shrink-0 rounded-full bg-gold-300 px-2 py-0.5 font-semibold text-royal-950 text-xs">
              {DATE_SAFETY_TEXT.areYouOkTitle}
            </span>
          ) : (
            <StatusChip status={plan.status} awaitingMe={plan.awaiting_me} />
          )}
          <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      ) : (
        <span className="min-w-0 flex-1 truncate text-muted-foreground text-sm">Meet somewhere safe</span>
      )}
      {canPropose && (
        <Button variant="outline" className="min-h-9 shrink-0 px-3" onClick={() => setSheet({})}>
          {DATE_PLAN_TEXT.proposeButton}
        </Button>
      )}

      {plan && (
        <Dialog.Root open={detailsOpen} onOpenChange={setDetailsOpen}>
          <ModalContent className="sm:w-[min(30rem,calc(100vw-2rem))]">
            <ModalHeader
              title={`Date with ${plan.them.first_name}`}
              description={DATE_PLAN_STATUS_LABELS[plan.status]}
            />
            <div className="mt-4">
              <Suspense fallback={<Skeleton className="h-64 w-full rounded-2xl" />}>
                <DatePlanDetails
                  plan={plan}
                  onCounter={() => {
                    setDetailsOpen(false);
                    setSheet({ answering: plan });
                  }}
                />
              </Suspense>
            </div>
          </ModalContent>
        </Dialog.Root>
      )}
      {sheet && (
        <Suspense fallback={null}>
          <PlanSheet
            matchId={matchId}
            them={them}
            answering={sheet.answering}
            open
            onOpenChange={(open) => !open && setSheet(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

function StatusChip({ status, awaitingMe }: { status: DatePlanStatus; awaitingMe: boolean }) {
  const tone =
    awaitingMe || status === 'claimed'
      ? 'bg-gold-300 text-royal-950'
      : status === 'accepted' || status === 'completed'
        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100'
        : 'bg-surface text-muted-foreground';
  return (
    <span className={cn('shrink-0 rounded-full px-2 py-0.5 font-medium text-xs', tone)}>
      {awaitingMe ? 'Your answer' : DATE_PLAN_STATUS_LABELS[status]}
    </span>
  );
}

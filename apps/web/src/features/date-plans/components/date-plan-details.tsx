import {
  CHECK_IN_BAND_LABELS,
  claimOpensAt,
  DATE_PLAN_STATEMENT_MAX,
  DATE_PLAN_STATUS_LABELS,
  DATE_PLAN_TEXT,
  type DatePlan,
  dateRatingRefusal,
  dateWatchRefusal,
  formatCents,
} from '@royal/shared';
import { BadgeCheck, CircleCheck, Clock, ExternalLink, MapPin } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { usePaymentButton } from '@/features/auth';
import { refusalOr } from '@/lib/api';
import { type PlanAnswer, useAnswerDatePlan, useDisputeNoShow } from '../api/date-plans';
import { planWhen } from '../plan-time';
import { CheckInPanel } from './check-in-panel';
import { fieldClass } from './date-time-fields';
import { DateWatchPanel } from './date-watch-panel';
import { RatingForm } from './rating-form';
import { UnverifiedPlaceWarning } from './unverified-place';

const ANSWER_FAILED_TEXT = 'That did not go through. Please try again.';
const ANSWER_TOASTS: Record<PlanAnswer, string> = {
  accept: DATE_PLAN_TEXT.accepted,
  decline: DATE_PLAN_TEXT.declined,
  cancel: DATE_PLAN_TEXT.cancelled,
  claim: DATE_PLAN_TEXT.claimed,
};

/**
 * One plan as its member sees it: when, where (verified or with the warning), both deposits and the
 * cancellation rule, each side's check-in, and what the member can do now. `onCounter` opens the
 * sheet with this plan's terms.
 */
export function DatePlanDetails({ plan, onCounter }: { plan: DatePlan; onCounter: () => void }) {
  const { place, me, them } = plan;
  return (
    <div className="flex flex-col gap-4 text-left">
      <dl className="flex flex-col gap-3 text-sm">
        <Row icon={<Clock aria-hidden="true" className="size-4" />} term="When">
          <time dateTime={plan.starts_at}>{planWhen(plan.starts_at)}</time>
        </Row>
        <Row icon={<MapPin aria-hidden="true" className="size-4" />} term="Where">
          <span className="font-medium">{place.name}</span>
          {place.verified && (
            <span className="ml-1.5 inline-flex items-center gap-1 text-emerald-700 text-xs dark:text-emerald-300">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified safe place
            </span>
          )}
          {place.address && <span className="block text-muted-foreground">{place.address}</span>}
          <a
            href={place.maps_url}
            target="_blank"
            rel="noreferrer noopener"
            className="mt-1 inline-flex min-h-8 items-center gap-1 text-primary text-xs underline underline-offset-2 dark:text-gold-300"
          >
            Open in maps
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        </Row>
      </dl>
      {!place.verified && <UnverifiedPlaceWarning />}

      <div className="grid grid-cols-2 gap-2 text-sm">
        <Side title="You" deposit={me.deposit_cents} checkedIn={me.checked_in} band={me.check_in_band} />
        <Side
          title={them.first_name}
          deposit={them.deposit_cents}
          checkedIn={them.checked_in}
          band={them.check_in_band}
        />
      </div>
      {plan.treat && (
        <p className="text-muted-foreground text-sm">
          {plan.proposer_is_me
            ? `Your treat: your deposit goes to ${them.first_name} when you meet.`
            : `${them.first_name}’s treat: their deposit comes to you when you meet.`}
        </p>
      )}
      {plan.note && (
        <blockquote className="border-gold-400 border-l-2 pl-3 text-foreground text-sm italic">
          {plan.note}
        </blockquote>
      )}
      {(plan.status === 'proposed' || plan.status === 'accepted') && (
        <p className="rounded-2xl bg-surface-muted p-3 text-muted-foreground text-xs">
          {plan.cancellation_rule}
        </p>
      )}
      <PlanActions plan={plan} onCounter={onCounter} />
      {dateWatchRefusal(plan.status, new Date(plan.starts_at), new Date()) === null && (
        <DateWatchPanel plan={plan} />
      )}
      {dateRatingRefusal({ status: plan.status, checkedIn: me.checked_in, rated: plan.my_rating_given }) ===
        null && <RatingForm planId={plan.id} />}
    </div>
  );
}

function Row({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="mt-0.5 text-gold-600 dark:text-gold-300">
        {icon}
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </div>
  );
}

function Side({
  title,
  deposit,
  checkedIn,
  band,
}: {
  title: string;
  deposit: number;
  checkedIn: boolean;
  band: DatePlan['me']['check_in_band'];
}) {
  return (
    <div className="rounded-2xl border border-border p-3">
      <p className="truncate font-medium text-foreground">{title}</p>
      <p className="text-muted-foreground">
        {deposit > 0 ? `Deposit ${formatCents(deposit)}` : 'No deposit'}
      </p>
      {checkedIn && (
        <p className="mt-1 flex items-center gap-1 text-emerald-700 text-xs dark:text-emerald-300">
          <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
          {band ? CHECK_IN_BAND_LABELS[band] : 'Checked in'}
        </p>
      )}
    </div>
  );
}

/** What the member can do with the plan now; the API decides again on every press. */
function PlanActions({ plan, onCounter }: { plan: DatePlan; onCounter: () => void }) {
  const answer = useAnswerDatePlan(plan.id);
  const payment = usePaymentButton(DATE_PLAN_TEXT.acceptNeedsEmail);
  const [confirmLateCancel, setConfirmLateCancel] = useState(false);
  const act = (what: PlanAnswer) =>
    answer.mutate(what, {
      onSuccess: () => toast.success(ANSWER_TOASTS[what]),
      onError: (error) => toast.error(refusalOr(error, ANSWER_FAILED_TEXT)),
    });
  const name = plan.them.first_name;
  const cancel = (
    <CancelButton
      late={plan.status === 'accepted' && plan.late_cancel_now && plan.me.deposit_cents > 0}
      confirming={confirmLateCancel}
      onConfirming={setConfirmLateCancel}
      disabled={answer.isPending}
      onCancel={() => act('cancel')}
    />
  );

  switch (plan.status) {
    case 'proposed':
      return plan.awaiting_me ? (
        <div className="flex flex-col gap-2">
          <Button
            variant="gold"
            size="lg"
            disabled={answer.isPending || payment.blocked}
            aria-describedby={payment.describedBy}
            onClick={() => act('accept')}
          >
            {DATE_PLAN_TEXT.accept}
            {plan.me.deposit_cents > 0 && ` · hold ${formatCents(plan.me.deposit_cents)}`}
          </Button>
          {payment.note}
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" disabled={answer.isPending} onClick={onCounter}>
              {DATE_PLAN_TEXT.counter}
            </Button>
            <Button variant="ghost" disabled={answer.isPending} onClick={() => act('decline')}>
              {DATE_PLAN_TEXT.decline}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-muted-foreground text-sm">Waiting for {name} to answer.</p>
          {cancel}
        </div>
      );
    case 'accepted': {
      const canClaim =
        plan.me.checked_in &&
        !plan.them.checked_in &&
        Date.now() >= claimOpensAt(new Date(plan.starts_at)).getTime();
      return (
        <div className="flex flex-col gap-3">
          {plan.check_in_open ? (
            <CheckInPanel plan={plan} />
          ) : (
            <p className="text-muted-foreground text-sm">{DATE_PLAN_TEXT.checkInClosed}</p>
          )}
          {canClaim && (
            <Button variant="outline" disabled={answer.isPending} onClick={() => act('claim')}>
              {DATE_PLAN_TEXT.claim}
            </Button>
          )}
          {!plan.me.checked_in && !plan.them.checked_in && cancel}
        </div>
      );
    }
    case 'claimed':
      // Only a member who checked in can claim: a claim is against the one who did not.
      return plan.me.checked_in ? (
        <p className="text-muted-foreground text-sm">{DATE_PLAN_TEXT.claimed}</p>
      ) : (
        <DisputeForm planId={plan.id} name={name} />
      );
    case 'disputed':
      return <p className="text-muted-foreground text-sm">{DATE_PLAN_TEXT.disputed}</p>;
    case 'completed':
      return <p className="text-emerald-700 text-sm dark:text-emerald-300">{DATE_PLAN_TEXT.released}</p>;
    default:
      return (
        <p className="text-muted-foreground text-sm">
          {DATE_PLAN_STATUS_LABELS[plan.status]}. Any deposits held have been settled.
        </p>
      );
  }
}

/** Cancel, with a second press when cancelling now costs the member their deposit. */
function CancelButton({
  late,
  confirming,
  onConfirming,
  disabled,
  onCancel,
}: {
  late: boolean;
  confirming: boolean;
  onConfirming: (confirming: boolean) => void;
  disabled: boolean;
  onCancel: () => void;
}) {
  if (!late) {
    return (
      <Button variant="ghost" disabled={disabled} onClick={onCancel}>
        {DATE_PLAN_TEXT.cancel}
      </Button>
    );
  }
  return confirming ? (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-2xl border border-rose-300 p-3 dark:border-rose-800"
    >
      <p className="text-foreground text-sm">
        The date is less than 24 hours away: cancelling now gives your deposit to the other member.
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" disabled={disabled} onClick={onCancel}>
          Cancel anyway
        </Button>
        <Button variant="ghost" onClick={() => onConfirming(false)}>
          Keep the date
        </Button>
      </div>
    </div>
  ) : (
    <Button variant="ghost" disabled={disabled} onClick={() => onConfirming(true)}>
      {DATE_PLAN_TEXT.cancel}
    </Button>
  );
}

function DisputeForm({ planId, name }: { planId: string; name: string }) {
  const dispute = useDisputeNoShow(planId);
  const [statement, setStatement] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!statement.trim()) return;
    dispute.mutate(statement.trim(), {
      onSuccess: () => toast.success(DATE_PLAN_TEXT.disputed),
      onError: (error) => toast.error(refusalOr(error, ANSWER_FAILED_TEXT)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-foreground text-sm">
        {name} says you did not come. If you were there, say what happened within 24 hours of the claim: the
        team reviews both sides before any deposit moves.
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={DATE_PLAN_STATEMENT_MAX}
        value={statement}
        onChange={(e) => setStatement(e.target.value)}
        className={`${fieldClass} resize-none py-2`}
      />
      <Button type="submit" variant="outline" disabled={dispute.isPending || !statement.trim()}>
        {DATE_PLAN_TEXT.dispute}
      </Button>
    </form>
  );
}

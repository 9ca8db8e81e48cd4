import {
  cancellationRuleText,
  DATE_PLAN_NOTE_MAX,
  DATE_PLAN_TEXT,
  type DatePlan,
  type DatePlanTermsInput,
  depositRangeText,
  depositRefusal,
  dollarsToCents,
  startRefusal,
  type TierLevel,
} from '@royal/shared';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ModalContent, ModalHeader } from '@/components/ui/modal';
import { useCurrentMember } from '@/features/auth';
import { useSafeLocations } from '@/features/safety';

import { refusalOr } from '@/lib/api';
import { useCounterDatePlan, useProposeDatePlan } from '../api/date-plans';
import { instantOf, localFields, suggestedStart } from '../plan-time';
import { DateTimeFields, fieldClass } from './date-time-fields';
import { UnverifiedPlaceWarning } from './unverified-place';

const OTHER_PLACE = 'other';
const SEND_FAILED_TEXT = 'The plan could not be sent. Please try again.';

/** The form's starting values: a new plan's suggestions, or the plan being answered with other terms. */
function startingValues(plan: DatePlan | undefined) {
  const when = localFields(plan ? new Date(plan.starts_at) : suggestedStart());
  const cents = (value: number) => (value > 0 ? (value / 100).toFixed(2) : '');
  return {
    ...when,
    place: plan ? (plan.place.safe_location_id ?? OTHER_PLACE) : '',
    placeName: plan && !plan.place.verified ? plan.place.name : '',
    placeAddress: plan && !plan.place.verified ? plan.place.address : '',
    // The sheet speaks from the sender's side: answering, "mine" is what the plan asked of me.
    mine: cents(plan?.me.deposit_cents ?? 0),
    theirs: cents(plan?.them.deposit_cents ?? 0),
    treat: false,
    note: '',
  };
}

/**
 * The proposal sheet (and, given the plan it answers, the counter sheet): a time, a place among
 * the city's verified safe locations or typed in (with the warning), each side's deposit with the
 * tiers' ranges beside it, an optional treat and note, and the cancellation rule before sending.
 * The rules are the shared ones the API applies; its refusal is shown when it differs.
 */
export function PlanSheet({
  matchId,
  them,
  answering,
  open,
  onOpenChange,
}: {
  matchId: string;
  them: { name: string; tier_level: TierLevel };
  answering?: DatePlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalContent className="text-left sm:w-[min(32rem,calc(100vw-2rem))]">
        <ModalHeader
          title={answering ? DATE_PLAN_TEXT.counterTitle : DATE_PLAN_TEXT.sheetTitle}
          description={`With ${them.name}. Money moves only when they accept.`}
        />
        {/* Mounted with the sheet, so each opening starts from the plan's terms again. */}
        {open && (
          <PlanForm matchId={matchId} them={them} answering={answering} onSent={() => onOpenChange(false)} />
        )}
      </ModalContent>
    </Dialog.Root>
  );
}

function PlanForm({
  matchId,
  them,
  answering,
  onSent,
}: {
  matchId: string;
  them: { name: string; tier_level: TierLevel };
  answering?: DatePlan;
  onSent: () => void;
}) {
  const me = useCurrentMember();
  const places = useSafeLocations();
  const propose = useProposeDatePlan(matchId);
  const counter = useCounterDatePlan(answering?.id ?? '');
  const send = answering ? counter : propose;
  const [values, setValues] = useState(() => startingValues(answering));
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { mine: useId(), theirs: useId(), note: useId(), name: useId() };
  const set = (patch: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const choices = places.data?.items ?? [];
  // With no verified place in the city, the typed-in place is the only choice.
  const place = choices.length === 0 && !places.isPending ? OTHER_PLACE : values.place;
  const mineCents = values.mine.trim() === '' ? 0 : dollarsToCents(values.mine);
  const theirsCents = values.theirs.trim() === '' ? 0 : dollarsToCents(values.theirs);

  function termsOrProblem(): DatePlanTermsInput | string {
    const startsAt = instantOf(values.date, values.time);
    if (!startsAt) return 'Choose the date and time';
    const early = startRefusal(new Date(startsAt), new Date());
    if (early) return early;
    if (!place) return 'Choose where to meet';
    if (place === OTHER_PLACE && !values.placeName.trim()) return 'Enter the place';
    if (mineCents === null || theirsCents === null) return 'Enter deposits in dollars, e.g. 100.00';
    const mineRefused = depositRefusal(me.tier_level, mineCents);
    if (mineRefused) return mineRefused;
    return {
      starts_at: startsAt,
      place:
        place === OTHER_PLACE
          ? { name: values.placeName.trim(), address: values.placeAddress.trim() }
          : { safe_location_id: place },
      my_deposit_cents: mineCents,
      their_deposit_cents: theirsCents,
      treat: values.treat && mineCents > 0,
      note: values.note.trim(),
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const terms = termsOrProblem();
    if (typeof terms === 'string') {
      setProblem(terms);
      return;
    }
    send.mutate(terms, {
      onSuccess: () => {
        toast.success(answering ? DATE_PLAN_TEXT.countered : DATE_PLAN_TEXT.proposed);
        onSent();
      },
      onError: (error) => setProblem(refusalOr(error, SEND_FAILED_TEXT)),
    });
  }

  return (
    // noValidate: the shared rules' texts say what is wrong, not the browser's bubbles.
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <DateTimeFields value={values} onChange={set} labels={{ date: 'Date', time: 'Time' }} />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-foreground text-sm">Where</legend>
        {places.isPending && <p className="text-muted-foreground text-sm">Loading safe places…</p>}
        {!places.isPending && choices.length === 0 && (
          <p className="text-muted-foreground text-sm">{DATE_PLAN_TEXT.emptyPlaces}</p>
        )}
        {choices.map((location) => (
          <PlaceChoice
            key={location.id}
            value={location.id}
            checked={place === location.id}
            onChange={() => set({ place: location.id })}
          >
            <span className="font-medium text-foreground">{location.name}</span>
            <span className="block text-muted-foreground text-xs">
              {location.address} · Verified safe place
            </span>
          </PlaceChoice>
        ))}
        {choices.length > 0 && (
          <PlaceChoice
            value={OTHER_PLACE}
            checked={place === OTHER_PLACE}
            onChange={() => set({ place: OTHER_PLACE })}
          >
            <span className="font-medium text-foreground">{DATE_PLAN_TEXT.otherPlace}</span>
          </PlaceChoice>
        )}
        {place === OTHER_PLACE && (
          <div className="flex flex-col gap-2 rounded-2xl border border-border p-3">
            <Field id={ids.name} label="Place">
              <input
                id={ids.name}
                value={values.placeName}
                maxLength={120}
                onChange={(e) => set({ placeName: e.target.value })}
                placeholder="Name of the place"
                className={fieldClass}
              />
            </Field>
            <label className="sr-only" htmlFor={`${ids.name}-address`}>
              Address
            </label>
            <input
              id={`${ids.name}-address`}
              value={values.placeAddress}
              maxLength={200}
              onChange={(e) => set({ placeAddress: e.target.value })}
              placeholder="Address (optional)"
              className={fieldClass}
            />
            <UnverifiedPlaceWarning />
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <DepositField
          id={ids.mine}
          label="Your deposit ($)"
          hint={depositRangeText(me.tier_level)}
          value={values.mine}
          onChange={(mine) => set({ mine })}
        />
        <DepositField
          id={ids.theirs}
          label={`${them.name}’s deposit ($)`}
          hint={depositRangeText(them.tier_level)}
          value={values.theirs}
          onChange={(theirs) => set({ theirs })}
        />
      </div>
      {(mineCents ?? 0) > 0 && (
        <label className="flex min-h-11 items-center gap-3 text-foreground text-sm">
          <input
            type="checkbox"
            checked={values.treat}
            onChange={(e) => set({ treat: e.target.checked })}
            className="size-5 accent-gold-500"
          />
          {DATE_PLAN_TEXT.treat}
        </label>
      )}

      <Field id={ids.note} label="Note (optional)">
        <textarea
          id={ids.note}
          rows={2}
          maxLength={DATE_PLAN_NOTE_MAX}
          value={values.note}
          onChange={(e) => set({ note: e.target.value })}
          className={`${fieldClass} resize-none py-2`}
        />
      </Field>

      <p className="rounded-2xl bg-surface-muted p-3 text-muted-foreground text-xs">
        {cancellationRuleText()}
      </p>
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
      <Button type="submit" variant="gold" size="lg" disabled={send.isPending}>
        {answering ? DATE_PLAN_TEXT.sendCounter : DATE_PLAN_TEXT.sendProposal}
      </Button>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-foreground text-sm">
        {label}
      </label>
      {children}
    </div>
  );
}

function DepositField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-foreground text-sm">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder="0.00"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className={fieldClass}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}

function PlaceChoice({
  value,
  checked,
  onChange,
  children,
}: {
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border border-border p-3 has-checked:border-gold-400 has-checked:bg-surface-muted">
      <input
        type="radio"
        name="place"
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-5 shrink-0 accent-gold-500"
      />
      <span className="min-w-0">{children}</span>
    </label>
  );
}

import {
  CODE_WORD_MAX,
  DATE_SAFETY_TEXT,
  type DatePlan,
  type DateWatch,
  SAFETY_TIMER_MAX_AFTER_START_HOURS,
  safetyTimerRefusal,
} from '@royal/shared';
import { BellRing, MapPin, Send, ShieldAlert, Timer } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refusalOr } from '@/lib/api';
import { paths } from '@/lib/paths';
import {
  useDateWatch,
  useImSafe,
  useSetSafetyTimer,
  useShareDate,
  useShareTimerLocation,
  useSos,
} from '../api/date-watch';
import { currentPosition } from '../current-position';
import { instantOf, localFields, planWhen } from '../plan-time';
import { DateTimeFields, fieldClass } from './date-time-fields';

const FAILED_TEXT = 'That did not go through. Please try again.';
const LOCATION_FAILED_TEXT = 'Your location could not be read. Allow location for this site and try again.';
/** The timer's first suggestion: three hours after the date's time. */
const SUGGESTED_HOURS_AFTER = 3;

/**
 * Watching over a confirmed date: send it to the emergency contact (with a status page they open
 * without an account), a safety timer that asks "Are you OK?" and alerts the contact without an
 * answer, the code word that ends it, and SOS. The member's own side only; the API decides each time.
 */
export function DateWatchPanel({ plan }: { plan: DatePlan }) {
  const watch = useDateWatch(plan.id);
  if (!watch.data) return null;
  return (
    <section
      aria-labelledby={`watch-${plan.id}`}
      className="flex flex-col gap-3 rounded-2xl border border-border p-3"
    >
      <h3 id={`watch-${plan.id}`} className="font-display text-foreground text-lg">
        Your safety
      </h3>
      <ShareWithContact planId={plan.id} watch={watch.data} />
      <SafetyTimer plan={plan} watch={watch.data} />
      <SosButton planId={plan.id} />
    </section>
  );
}

function ShareWithContact({ planId, watch }: { planId: string; watch: DateWatch }) {
  const share = useShareDate(planId);
  const [problem, setProblem] = useState<string | null>(null);
  const send = () =>
    share.mutate(undefined, {
      onSuccess: () => {
        setProblem(null);
        toast.success(DATE_SAFETY_TEXT.shared);
      },
      onError: (error) => setProblem(refusalOr(error, FAILED_TEXT)),
    });
  return (
    <div className="flex flex-col gap-2">
      {watch.shared_at && (
        <p className="text-muted-foreground text-sm">
          {DATE_SAFETY_TEXT.shared} ·{' '}
          {new Date(watch.shared_at).toLocaleTimeString([], { timeStyle: 'short' })}
        </p>
      )}
      <Button variant="outline" disabled={share.isPending} onClick={send}>
        <Send aria-hidden="true" className="size-4" />
        {watch.shared_at ? 'Send it again' : DATE_SAFETY_TEXT.share}
      </Button>
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}{' '}
          {problem === DATE_SAFETY_TEXT.noContact && (
            <Link to={paths.settings} className="underline underline-offset-2">
              Open Settings
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

function SafetyTimer({ plan, watch }: { plan: DatePlan; watch: DateWatch }) {
  const { state, check_at: checkAt } = watch.timer;
  if (state === 'off' || state === 'safe') return <SetTimerForm plan={plan} ended={state === 'safe'} />;
  return (
    <div className="flex flex-col gap-2">
      {state === 'asking' ? (
        <div role="alert" className="rounded-2xl bg-gold-300 p-3 text-royal-950">
          <p className="flex items-center gap-2 font-semibold">
            <BellRing aria-hidden="true" className="size-4" />
            {DATE_SAFETY_TEXT.areYouOkTitle}
          </p>
          <p className="text-sm">{DATE_SAFETY_TEXT.areYouOk}</p>
        </div>
      ) : state === 'alerted' ? (
        <p role="status" className="text-rose-700 text-sm dark:text-rose-300">
          {DATE_SAFETY_TEXT.sosSent}. End the timer with your code word when you are safe.
        </p>
      ) : (
        <p className="flex items-center gap-2 text-foreground text-sm">
          <Timer aria-hidden="true" className="size-4 shrink-0 text-gold-600 dark:text-gold-300" />
          We will check in with you at {checkAt ? planWhen(checkAt) : 'the time you chose'}.
        </p>
      )}
      {!watch.timer.location_shared && <ShareLocationButton planId={plan.id} />}
      {watch.timer.location_shared && (
        <p className="text-muted-foreground text-xs">
          Your position is kept for an alert only, and deleted when the timer ends.
        </p>
      )}
      <ImSafeForm planId={plan.id} />
    </div>
  );
}

function SetTimerForm({ plan, ended }: { plan: DatePlan; ended: boolean }) {
  const setTimer = useSetSafetyTimer(plan.id);
  const [values, setValues] = useState(() => {
    const suggested = new Date(new Date(plan.starts_at).getTime() + SUGGESTED_HOURS_AFTER * 3_600_000);
    return { ...localFields(suggested), codeWord: '' };
  });
  const [problem, setProblem] = useState<string | null>(null);
  const wordId = useId();
  const set = (patch: Partial<typeof values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkAt = instantOf(values.date, values.time);
    if (!checkAt) return setProblem('Choose when we should check in with you');
    const refused = safetyTimerRefusal(new Date(checkAt), new Date(plan.starts_at), new Date());
    if (refused) return setProblem(refused);
    setTimer.mutate(
      { check_at: checkAt, code_word: values.codeWord },
      {
        onSuccess: () => {
          set({ codeWord: '' });
          toast.success('Safety timer set');
        },
        onError: (error) => setProblem(refusalOr(error, FAILED_TEXT)),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">
        {ended ? 'You said you are safe. ' : ''}Set a time to check in with you: if you do not answer, we
        alert your emergency contact (up to {SAFETY_TIMER_MAX_AFTER_START_HOURS} hours after the date).
      </p>
      <DateTimeFields
        value={values}
        onChange={set}
        labels={{ date: 'Check-in date', time: 'Check-in time' }}
        labelsHidden
      />
      <CodeWordField id={wordId} value={values.codeWord} onChange={(codeWord) => set({ codeWord })} />
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={setTimer.isPending}>
        <Timer aria-hidden="true" className="size-4" />
        Set safety timer
      </Button>
    </form>
  );
}

function ImSafeForm({ planId }: { planId: string }) {
  const safe = useImSafe(planId);
  const [word, setWord] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    safe.mutate(word, {
      onSuccess: () => {
        setWord('');
        setProblem(null);
        toast.success('Timer ended. Glad you are safe.');
      },
      onError: (error) => setProblem(refusalOr(error, FAILED_TEXT)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <CodeWordField id={id} value={word} onChange={setWord} />
      {problem && (
        <p role="alert" className="text-rose-600 text-sm dark:text-rose-300">
          {problem}
        </p>
      )}
      <Button type="submit" variant="gold" disabled={safe.isPending || !word.trim()}>
        I’m safe
      </Button>
    </form>
  );
}

/** A code word is typed like a password: whoever looks over the member's shoulder learns nothing. */
function CodeWordField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-foreground text-sm">
        Code word
      </label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        maxLength={CODE_WORD_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={fieldClass}
      />
    </div>
  );
}

function ShareLocationButton({ planId }: { planId: string }) {
  const share = useShareTimerLocation(planId);
  const [locating, setLocating] = useState(false);
  const send = async () => {
    setLocating(true);
    try {
      const position = await currentPosition();
      share.mutate(position, {
        onSuccess: () => toast.success('Your position will go with an alert'),
        onError: (error) => toast.error(refusalOr(error, FAILED_TEXT)),
      });
    } catch {
      toast.error(LOCATION_FAILED_TEXT);
    } finally {
      setLocating(false);
    }
  };
  return (
    <Button variant="ghost" disabled={locating || share.isPending} onClick={() => void send()}>
      <MapPin aria-hidden="true" className="size-4" />
      Share my location for an alert
    </Button>
  );
}

/** Discreet, and asked twice: a pocket or a slip of the thumb should not alarm anyone. */
function SosButton({ planId }: { planId: string }) {
  const sos = useSos(planId);
  const [confirming, setConfirming] = useState(false);
  const send = () =>
    sos.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(DATE_SAFETY_TEXT.sosSent);
      },
      onError: (error) => toast.error(refusalOr(error, FAILED_TEXT)),
    });
  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-full px-3 text-rose-700 text-sm hover:bg-surface-muted dark:text-rose-300"
      >
        <ShieldAlert aria-hidden="true" className="size-4" />
        {DATE_SAFETY_TEXT.sos}
      </button>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-rose-300 p-3 dark:border-rose-800">
      <p className="text-foreground text-sm">
        Alert your emergency contact now, with the place and the time?
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" disabled={sos.isPending} onClick={send}>
          Send SOS
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)}>
          Not now
        </Button>
      </div>
    </div>
  );
}

import { type ChangeEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCurrentMember } from '@/features/auth';
import {
  canUsePin,
  checkPin,
  DEFAULT_LOCK_AFTER_MS,
  LOCK_AFTER_CHOICES,
  type PinRecord,
  pinSchema,
  removePin,
  savePin,
  setLockAfter,
  usePinRecord,
  usePinSignOut,
} from '@/features/discretion';
import { FIELD_CONTROL, LabelledField, TextField } from './form-field';

export const APP_PIN_TEXTS = {
  none: 'No PIN on this device. With one, Royal Circle asks for it when it opens, and again after the time you choose, before it shows anything.',
  set: 'A PIN protects Royal Circle on this device. After 5 wrong tries you are signed out.',
  insecure: 'An app PIN needs a secure (https) connection to this site.',
  mismatch: 'The two PINs are not the same.',
} as const;

type Step = 'set' | 'change' | 'remove';
const STEPS: Record<Step, { title: string; action: string }> = {
  set: { title: 'Set a PIN', action: 'Set PIN' },
  change: { title: 'Change PIN', action: 'Change PIN' },
  remove: { title: 'Remove PIN', action: 'Remove PIN' },
};

/**
 * Settings → Discretion → App PIN: set one (4–6 digits, typed twice), change or remove it (the
 * current one first), and how long the app may be left before it asks again. On this device only.
 */
export function AppPinSetting() {
  const me = useCurrentMember();
  const record = usePinRecord(me.id);
  const [step, setStep] = useState<Step | null>(null);
  const headingId = useId();
  const lockAfterId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-foreground text-sm">
        App PIN
      </h3>
      {!canUsePin() ? (
        <p className="text-muted-foreground text-xs">{APP_PIN_TEXTS.insecure}</p>
      ) : step ? (
        <PinForm step={step} memberId={me.id} record={record} onDone={() => setStep(null)} />
      ) : (
        <>
          <p className="max-w-measure text-muted-foreground text-xs">
            {record ? APP_PIN_TEXTS.set : APP_PIN_TEXTS.none}
          </p>
          {record && (
            <LabelledField id={lockAfterId} label="Lock after">
              {(a11y) => (
                <select
                  {...a11y}
                  className={FIELD_CONTROL}
                  value={record.lock_after_ms}
                  onChange={(event) => setLockAfter(me.id, Number(event.target.value))}
                >
                  {LOCK_AFTER_CHOICES.map((choice) => (
                    <option key={choice.ms} value={choice.ms}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              )}
            </LabelledField>
          )}
          <div className="flex flex-wrap gap-2">
            {record ? (
              <>
                <Button type="button" variant="outline" onClick={() => setStep('change')}>
                  Change PIN
                </Button>
                <Button type="button" variant="outline" onClick={() => setStep('remove')}>
                  Remove PIN
                </Button>
              </>
            ) : (
              <Button type="button" onClick={() => setStep('set')}>
                Set a PIN
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

type Problems = Partial<Record<'current' | 'pin' | 'confirm', string>>;

const triesLeftText = (tries: number) => `Wrong PIN. ${tries} ${tries === 1 ? 'try' : 'tries'} left.`;

function PinForm({
  step,
  memberId,
  record,
  onDone,
}: {
  step: Step;
  memberId: string;
  record: PinRecord | null;
  onDone: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState({ current: '', pin: '', confirm: '' });
  const [lockAfter, setLockAfterChoice] = useState<number>(DEFAULT_LOCK_AFTER_MS);
  const [problems, setProblems] = useState<Problems>({});
  const [pending, setPending] = useState(false);
  const { signOutForPin } = usePinSignOut(memberId);
  const asksCurrent = step !== 'set' && record !== null;
  const asksNew = step !== 'remove';

  /** The form's own checks: what the member typed, before any PIN is hashed. */
  function check(): Problems {
    const found: Problems = {};
    if (asksCurrent && !values.current) found.current = 'Enter your current PIN.';
    if (asksNew) {
      const pin = pinSchema.safeParse(values.pin);
      if (!pin.success) found.pin = pin.error.issues[0]?.message;
      else if (values.confirm !== values.pin) found.confirm = APP_PIN_TEXTS.mismatch;
    }
    return found;
  }

  async function submit() {
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || pending) return;
    setPending(true);
    try {
      if (asksCurrent) {
        const result = await checkPin(memberId, values.current);
        if (!result.right) {
          if (result.triesLeft === 0) {
            await signOutForPin('tries');
            return;
          }
          setProblems({ current: triesLeftText(result.triesLeft) });
          setValues((typed) => ({ ...typed, current: '' }));
          return;
        }
      }
      if (step === 'remove') {
        removePin(memberId);
        toast.success('PIN removed', {
          description: 'Royal Circle no longer asks for a PIN on this device.',
        });
      } else {
        await savePin(memberId, values.pin, record?.lock_after_ms ?? lockAfter);
        toast.success(step === 'set' ? 'PIN set' : 'PIN changed', {
          description: 'Royal Circle asks for it on this device from now on.',
        });
      }
      onDone();
    } catch {
      toast.error('Could not save the PIN', { description: 'Please try again.' });
    } finally {
      setPending(false);
    }
  }

  const pinInput = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 6,
  } as const;
  const field = (name: keyof typeof values) => ({
    ...pinInput,
    value: values[name],
    problem: problems[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((typed) => ({ ...typed, [name]: event.target.value.replace(/\D/g, '') })),
  });

  return (
    <form
      noValidate
      aria-label={STEPS[step].title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-3"
    >
      {asksCurrent && <TextField id={`${id}-current`} label="Current PIN" {...field('current')} />}
      {asksNew && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-pin`}
            label={step === 'change' ? 'New PIN' : 'PIN (4–6 digits)'}
            {...field('pin')}
          />
          <TextField id={`${id}-confirm`} label="Confirm PIN" {...field('confirm')} />
        </div>
      )}
      {step === 'set' && (
        <LabelledField id={`${id}-lock-after`} label="Lock after">
          {(a11y) => (
            <select
              {...a11y}
              className={FIELD_CONTROL}
              value={lockAfter}
              onChange={(event) => setLockAfterChoice(Number(event.target.value))}
            >
              {LOCK_AFTER_CHOICES.map((choice) => (
                <option key={choice.ms} value={choice.ms}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          aria-disabled={pending || undefined}
          className="aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          {pending ? 'Saving…' : STEPS[step].action}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

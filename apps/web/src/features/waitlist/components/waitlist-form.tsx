import {
  WAITLIST_CITIES,
  WAITLIST_NEXT_STEPS,
  WAITLIST_REQUIREMENTS,
  WAITLIST_REVIEW_TEXT,
  WAITLIST_SUCCESS_TITLE,
  type WaitlistApplicationBody,
} from '@royal/shared';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type Fields = { full_name: string; email: string; reason: string; city: string; referral_code: string };
const EMPTY: Fields = { full_name: '', email: '', reason: '', city: '', referral_code: '' };

type WaitlistFormProps = {
  /** Sends the application; resolves when stored, throws with the server's message otherwise. */
  onApply: (body: WaitlistApplicationBody) => Promise<unknown>;
  /** Milliseconds since some fixed point (performance.now by default): how long the form was shown. */
  now?: () => number;
};

const inputClass =
  'min-h-12 w-full rounded-xl border border-white/25 bg-white/10 px-4 text-base text-white placeholder:text-royal-200/60 transition hover:border-white/40 focus:border-gold-300 focus:bg-white/15';

/**
 * The waitlist application (spec part 2 §5): full name, e-mail, reason and a city are required and
 * Submit stays disabled while any is empty or while sending; the referral code is optional. A
 * hidden honeypot field and the time the form was on screen go with it (the server refuses bots).
 * Once stored, the success state: You're On The List, the review time and the three next steps.
 */
export function WaitlistForm({ onApply, now = () => performance.now() }: WaitlistFormProps) {
  const id = useId();
  const shownAt = useRef(now());
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const missing = !fields.full_name.trim() || !fields.email.trim() || !fields.reason.trim() || !fields.city;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (missing || sending) return;
    const honeypot = new FormData(event.currentTarget).get('website');
    setSending(true);
    try {
      await onApply({
        full_name: fields.full_name,
        email: fields.email,
        reason: fields.reason,
        city: fields.city as WaitlistApplicationBody['city'],
        ...(fields.referral_code.trim() ? { referral_code: fields.referral_code } : {}),
        website: typeof honeypot === 'string' ? honeypot : '',
        fill_ms: Math.max(0, Math.round(now() - shownAt.current)),
      });
      setDone(true);
    } catch {
      // The caller shows the server's message; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <section aria-labelledby={`${id}-done`} className="flex flex-col items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-14 text-gold-300" />
        <h2 id={`${id}-done`} className="mt-4 font-display text-3xl text-gold-100">
          {WAITLIST_SUCCESS_TITLE}
        </h2>
        <p className="mt-3 text-royal-100">
          Our team reviews every application personally. Expect to hear from us within {WAITLIST_REVIEW_TEXT}.
        </p>
        <ol className="mt-6 flex w-full flex-col gap-3 text-left">
          {WAITLIST_NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3 rounded-2xl border border-white/15 bg-white/5 p-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-300 font-semibold text-royal-950">
                {index + 1}
              </span>
              <span>
                <span className="block font-semibold text-ivory">{step.title}</span>
                <span className="block text-royal-100 text-sm">{step.detail}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field id={`${id}-name`} label="Full name">
        <input
          id={`${id}-name`}
          name="full_name"
          autoComplete="name"
          required
          value={fields.full_name}
          onChange={set('full_name')}
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-email`} label="Email">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={set('email')}
          placeholder="you@example.com"
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-city`} label="City">
        <select
          id={`${id}-city`}
          name="city"
          required
          value={fields.city}
          onChange={set('city')}
          className={cn(inputClass, 'cursor-pointer [&>option]:text-royal-950')}
        >
          <option value="" disabled>
            Choose your city
          </option>
          {WAITLIST_CITIES.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-reason`} label="Why do you want to join?">
        <textarea
          id={`${id}-reason`}
          name="reason"
          required
          rows={4}
          value={fields.reason}
          onChange={set('reason')}
          className={cn(inputClass, 'py-3')}
        />
      </Field>
      <Field id={`${id}-referral`} label="Referral code (optional)">
        <input
          id={`${id}-referral`}
          name="referral_code"
          autoComplete="off"
          value={fields.referral_code}
          onChange={set('referral_code')}
          className={inputClass}
        />
      </Field>
      {/* Honeypot: hidden from people and assistive technology; a bot fills it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <section
        aria-labelledby={`${id}-requirements`}
        className="rounded-2xl border border-gold-300/30 bg-white/5 p-4"
      >
        <h2 id={`${id}-requirements`} className="font-display text-gold-100 text-lg">
          Membership requirements
        </h2>
        <ul className="mt-2 flex flex-col gap-1 text-royal-100 text-sm">
          {WAITLIST_REQUIREMENTS.map((requirement) => (
            <li key={requirement} className="flex gap-2">
              <span aria-hidden="true" className="text-gold-300">
                ✦
              </span>
              {requirement}
            </li>
          ))}
        </ul>
      </section>
      <Button
        type="submit"
        variant="gold"
        size="lg"
        disabled={missing || sending}
        aria-busy={sending}
        className="w-full"
      >
        {sending ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-ivory text-sm">
        {label}
      </label>
      {children}
    </div>
  );
}

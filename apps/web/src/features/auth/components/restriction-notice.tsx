import {
  type AccountRestriction,
  APPEAL_ALREADY_SENT_TEXT,
  APPEAL_EXPIRED_TEXT,
  AppError,
  ENFORCEMENT_APPEAL_MAX,
  ErrorCode,
  enforcementAppealBodySchema,
} from '@royal/shared';
import { ShieldAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useAppeal } from '../api/appeal';

type Props = {
  restriction: AccountRestriction;
  /**
   * The server set the appeal cookie with this refusal (a sign-in just now); false when the notice
   * came from an open tab, whose session is gone: the member signs in again to appeal.
   */
  appealReady: boolean;
  /** The appeal cookie ran out: the member must sign in again to send it. */
  onAppealExpired: () => void;
};

/** "Sunday 8 March 2026" in the member's own words for dates. */
const endDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/**
 * Why the member cannot sign in (decision 060): the reason in plain words, the end of a suspension,
 * and the one appeal they may send. Shown above the sign-in form.
 */
export function RestrictionNotice({ restriction, appealReady, onAppealExpired }: Props) {
  const id = useId();
  const appeal = useAppeal();
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const suspended = restriction.kind === 'suspend';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (appeal.isPending) return;
    const value = new FormData(event.currentTarget).get('text');
    const parsed = enforcementAppealBodySchema.safeParse({ text: typeof value === 'string' ? value : '' });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please explain your appeal');
      return;
    }
    setProblem(null);
    appeal.mutate(parsed.data, {
      onSuccess: (reply) => setSent(reply.message),
      onError: (error) => {
        if (error instanceof AppError && error.code === ErrorCode.UNAUTHENTICATED) {
          onAppealExpired();
          return;
        }
        // Appealed already (another tab), or lifted meanwhile: the server says which.
        if (error instanceof AppError && error.code === ErrorCode.CONFLICT) {
          setSent(error.message);
          return;
        }
        setProblem(errorMessage(error));
      },
    });
  }

  let appealPart: ReactNode;
  if (sent) {
    appealPart = (
      <p role="status" className="font-medium text-gold-100 text-sm">
        {sent}
      </p>
    );
  } else if (restriction.appealed) {
    appealPart = <p className="text-royal-100 text-sm">{APPEAL_ALREADY_SENT_TEXT}</p>;
  } else if (!appealReady) {
    appealPart = <p className="text-royal-100 text-sm">{APPEAL_EXPIRED_TEXT}</p>;
  } else {
    appealPart = (
      <form noValidate onSubmit={submit} aria-label="Appeal" className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="font-medium text-ivory text-sm">
          Your appeal
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          maxLength={ENFORCEMENT_APPEAL_MAX}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className="w-full rounded-2xl border border-white/20 bg-white/10 p-3 text-ivory text-sm placeholder:text-royal-100/60 focus:border-gold-300 focus:outline-none"
        />
        <p id={`${id}-hint`} className="text-royal-100 text-xs">
          You can appeal once. Tell us why this decision should be looked at again.
        </p>
        {problem && (
          <p id={`${id}-error`} role="alert" className="text-red-300 text-sm">
            {problem}
          </p>
        )}
        <Button type="submit" aria-disabled={appeal.isPending || undefined}>
          {appeal.isPending ? 'Sending...' : 'Send Appeal'}
        </Button>
      </form>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 flex w-full flex-col gap-3 rounded-3xl border border-gold-300/40 bg-royal-950/70 p-5 text-left backdrop-blur-xl sm:p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-display text-gold-100 text-xl">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-gold-300" />
        {suspended ? 'Your account is suspended' : 'Your account has been closed'}
      </h2>
      <p className="text-ivory text-sm">{restriction.reason_text}</p>
      {suspended && restriction.until && (
        <p className="text-royal-100 text-sm">
          You can sign in again from <strong className="text-ivory">{endDate(restriction.until)}</strong>.
        </p>
      )}
      {appealPart}
    </section>
  );
}

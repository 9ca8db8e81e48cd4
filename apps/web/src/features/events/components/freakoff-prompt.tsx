import { AppError, ErrorCode, type FreakoffMode } from '@royal/shared';
import { Flame, Moon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refusalOr } from '@/lib/api';
import { paths } from '@/lib/paths';
import { useChooseFreakoff } from '../api/freakoff';

export const FREAKOFF_PROMPT_TITLE = 'Enter Freakoff Mode?';
export const ENTER_FREAKOFF_TEXT = 'Enter Freakoff Mode';
export const STAY_REGULAR_TEXT = 'Stay in Regular Mode';
export const AFTER_DARK_PASS_LINK_TEXT = 'Get an After Dark Pass';

/**
 * The spec's after-hours choice, for a checked-in guest once the event's Freakoff has opened and
 * before they have chosen. Entering needs Tier 4 or an After Dark Pass (the server decides and uses
 * the pass); without either, the member is offered the pass.
 */
export function FreakoffPrompt({ eventId }: { eventId: string }) {
  const choose = useChooseFreakoff(eventId);
  const [needsPass, setNeedsPass] = useState<string | null>(null);
  const pick = (mode: FreakoffMode) => {
    if (choose.isPending) return;
    setNeedsPass(null);
    choose.mutate(mode, {
      onSuccess: (reply) => {
        if (reply.mode === 'freakoff') {
          toast.success('Freakoff Mode Active', {
            description: reply.pass_used ? 'Your After Dark Pass was used for this event.' : undefined,
          });
        }
      },
      onError: (error) => {
        if (error instanceof AppError && error.code === ErrorCode.AFTER_DARK_PASS_REQUIRED) {
          setNeedsPass(error.message);
          return;
        }
        toast.error('Failed to choose your mode', { description: refusalOr(error, 'Please try again.') });
      },
    });
  };
  return (
    <section
      aria-labelledby="freakoff-prompt-title"
      className="relative flex flex-col gap-4 overflow-hidden rounded-3xl border border-fuchsia-400/60 bg-gradient-to-br from-royal-950 via-royal-900 to-fuchsia-950 p-5 text-ivory shadow-[0_24px_60px_-28px_rgba(217,70,239,0.7)]"
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -top-20 -right-16 size-56 rounded-full bg-fuchsia-500/25 blur-3xl"
      />
      <div className="relative flex flex-col gap-1">
        <h2
          id="freakoff-prompt-title"
          className="flex items-center gap-2 font-display text-2xl text-gold-200"
        >
          <Moon aria-hidden="true" className="size-5" />
          {FREAKOFF_PROMPT_TITLE}
        </h2>
        <p className="text-royal-100 text-sm">
          It's after 2:00 AM. Step into the exclusive after-hours experience, or keep the evening as it is.
        </p>
      </div>
      <div className="relative flex flex-col gap-2 sm:flex-row">
        <Button
          variant="gold"
          aria-disabled={choose.isPending || undefined}
          onClick={() => pick('freakoff')}
          className="flex-1 aria-disabled:opacity-60"
        >
          <Flame aria-hidden="true" className="size-4" />
          {ENTER_FREAKOFF_TEXT}
        </Button>
        <Button
          variant="glass"
          aria-disabled={choose.isPending || undefined}
          onClick={() => pick('regular')}
          className="flex-1 aria-disabled:opacity-60"
        >
          {STAY_REGULAR_TEXT}
        </Button>
      </div>
      {needsPass && (
        <p role="alert" className="relative text-royal-50 text-sm">
          {needsPass}.{' '}
          <Link
            to={paths.boosts}
            className="font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-100"
          >
            {AFTER_DARK_PASS_LINK_TEXT}
          </Link>
        </p>
      )}
    </section>
  );
}

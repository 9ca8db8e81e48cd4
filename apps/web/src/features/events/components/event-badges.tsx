import { EVENT_STATUS_LABELS, type EventStatus, type MyRsvp } from '@royal/shared';
import {
  CalendarClock,
  type Check,
  CircleCheck,
  Flame,
  Hourglass,
  Moon,
  Sparkles,
  XCircle,
} from 'lucide-react';
import { cn } from '@/lib/cn';

const PILL =
  'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-semibold text-xs leading-5';

// Each status has its own icon as well as its colour, so colour is never the only cue.
const STATUS_STYLES: Readonly<Record<EventStatus, { className: string; Icon: typeof Check }>> = {
  upcoming: {
    className:
      'border-royal-300 bg-royal-100 text-royal-900 dark:border-royal-400/70 dark:bg-royal-800 dark:text-royal-50',
    Icon: CalendarClock,
  },
  active: {
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-500/70 dark:bg-emerald-900/60 dark:text-emerald-50',
    Icon: Sparkles,
  },
  freakoff: {
    className:
      'border-fuchsia-400 bg-gradient-to-r from-royal-900 to-fuchsia-900 text-gold-200 dark:border-fuchsia-400/80',
    Icon: Moon,
  },
  ended: {
    className: 'border-border bg-surface-muted text-muted-foreground',
    Icon: CircleCheck,
  },
  cancelled: {
    className:
      'border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-500/70 dark:bg-rose-900/50 dark:text-rose-100',
    Icon: XCircle,
  },
};

/** The event's status (spec's list styling): upcoming, active, freakoff, ended, cancelled. */
export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  const { className: colours, Icon } = STATUS_STYLES[status];
  return (
    <span data-status={status} className={cn(PILL, colours, className)}>
      <Icon aria-hidden="true" className="size-3.5" strokeWidth={2.25} />
      {EVENT_STATUS_LABELS[status]}
    </span>
  );
}

/** What the member's place at the event is: "Going ✓", "Waitlisted #N" or "Checked in". */
export function rsvpStateText(rsvp: MyRsvp): string {
  if (rsvp.status === 'checked_in') return 'Checked in';
  if (rsvp.status === 'waitlisted') return `Waitlisted #${rsvp.waitlist_position ?? 1}`;
  return 'Going ✓';
}

export function RsvpBadge({ rsvp, className }: { rsvp: MyRsvp; className?: string }) {
  const tone =
    rsvp.status === 'waitlisted'
      ? 'border-gold-400 bg-gold-100 text-gold-900 dark:border-gold-500/70 dark:bg-gold-900/50 dark:text-gold-100'
      : 'border-emerald-400 bg-emerald-50 text-emerald-900 dark:border-emerald-500/70 dark:bg-emerald-900/60 dark:text-emerald-50';
  const Icon = rsvp.status === 'waitlisted' ? Hourglass : CircleCheck;
  return (
    <span data-rsvp={rsvp.status} className={cn(PILL, tone, className)}>
      {/* The going state carries its own tick in the text (the spec's "Going ✓"). */}
      {rsvp.status !== 'going' && <Icon aria-hidden="true" className="size-3.5" strokeWidth={2.25} />}
      {rsvpStateText(rsvp)}
    </span>
  );
}

export const FREAKOFF_ACTIVE_TEXT = 'Freakoff Mode Active';

/** Shown once the member has entered Freakoff Mode at this event. */
export function FreakoffActiveBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        PILL,
        'border-fuchsia-400 bg-gradient-to-r from-fuchsia-700 via-royal-700 to-royal-900 text-gold-100 shadow-[0_0_18px_-6px_rgba(217,70,239,0.8)]',
        className,
      )}
    >
      <Flame aria-hidden="true" className="size-3.5" strokeWidth={2.25} />
      {FREAKOFF_ACTIVE_TEXT}
    </span>
  );
}

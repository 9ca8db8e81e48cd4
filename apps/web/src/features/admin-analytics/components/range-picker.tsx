import {
  ANALYTICS_MAX_SPAN_DAYS,
  ANALYTICS_RANGE_PRESETS,
  analyticsRangeEndingToday,
  spanInDays,
  utcDay,
} from '@royal/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { DayRange } from '../api/admin-analytics';

/** Why a custom range cannot be read, or null when it can (the server checks the same rules). */
export function rangeProblem({ from, to }: DayRange, today = utcDay(Date.now())): string | null {
  if (!from || !to) return 'Choose both days.';
  if (to > today) return 'The range cannot end after today (UTC).';
  if (from > to) return 'The first day must come before the last.';
  if (spanInDays(from, to) > ANALYTICS_MAX_SPAN_DAYS)
    return `A range covers at most ${ANALYTICS_MAX_SPAN_DAYS} days.`;
  return null;
}

const presetLabel = (days: number) => (days === 365 ? 'Last year' : `Last ${days} days`);

/** The last 7 / 30 / 90 / 365 days, or any range of UTC days up to a year and a day. */
export function RangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const [draft, setDraft] = useState(range);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const today = utcDay(Date.now());
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft, today);
    setProblem(found);
    if (!found) onChange(draft);
  };
  const pick = (days: number) => {
    const next = analyticsRangeEndingToday(days);
    setDraft(next);
    setProblem(null);
    onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-1 rounded-full bg-surface-muted p-1">
        <legend className="sr-only">Range</legend>
        {ANALYTICS_RANGE_PRESETS.map((days) => {
          const chosen = range.to === today && spanInDays(range.from, range.to) === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={chosen}
              onClick={() => pick(days)}
              className={cn(
                'min-h-10 cursor-pointer rounded-full px-4 font-medium text-muted-foreground text-sm transition focus-visible:outline-2 focus-visible:outline-ring',
                chosen && 'bg-surface text-foreground shadow',
              )}
            >
              {presetLabel(days)}
            </button>
          );
        })}
      </fieldset>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom range">
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="grid gap-1 text-muted-foreground text-xs">
            {end === 'from' ? 'From' : 'To'}
            <input
              type="date"
              value={draft[end]}
              max={today}
              onChange={(event) => setDraft({ ...draft, [end]: event.target.value })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              className="min-h-10 rounded-xl border border-border bg-surface px-3 text-foreground text-sm"
            />
          </label>
        ))}
        <Button type="submit" variant="outline">
          Apply
        </Button>
        {problem && (
          <p id={problemId} role="alert" className="basis-full text-danger text-sm">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}

import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The look of the date plans' text, date and time inputs. */
export const fieldClass =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground focus-visible:outline-2 focus-visible:outline-gold-400';

type DateTime = { date: string; time: string };

/**
 * A date and a time side by side, in the browser's zone (the plan's time, the safety timer's):
 * the browser's own pickers, which a phone shows as its native wheels. `labels` name them; with
 * `labelsHidden` they are for screen readers only (a sentence above already says what they are).
 */
export function DateTimeFields({
  value,
  onChange,
  labels,
  labelsHidden = false,
}: {
  value: DateTime;
  onChange: (value: Partial<DateTime>) => void;
  labels: { date: string; time: string };
  labelsHidden?: boolean;
}) {
  const id = useId();
  const label = cn('font-medium text-foreground text-sm', labelsHidden && 'sr-only');
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-date`} className={label}>
          {labels.date}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={value.date}
          onChange={(e) => onChange({ date: e.target.value })}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-time`} className={label}>
          {labels.time}
        </label>
        <input
          id={`${id}-time`}
          type="time"
          value={value.time}
          onChange={(e) => onChange({ time: e.target.value })}
          className={fieldClass}
        />
      </div>
    </div>
  );
}

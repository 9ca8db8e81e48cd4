import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

// The controls above (and beside) an admin table: a search box, selects and dates, each labelled,
// 44 px tall for touch, in the theme's colours.

export const FILTER_CONTROL =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

/** A search box with its icon; `label` names it for screen readers and is its placeholder. */
export function TableSearchBox({
  label,
  value,
  onChange,
  maxLength,
  className,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        className={cn(FILTER_CONTROL, 'rounded-full pl-10 placeholder:text-muted-foreground')}
      />
    </div>
  );
}

/** A control under its visible label; `children` renders it with the id the label points at. */
function LabelledControl({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-foreground text-sm">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A select under its visible label; `value` '' is the first option's "all" where there is one. */
export function LabelledSelect({
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  return (
    <LabelledControl label={label}>
      {(id) => (
        <select
          id={id}
          className={FILTER_CONTROL}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}

/** A day (YYYY-MM-DD, '' for none) under its visible label, kept within `min` and `max`. */
export function LabelledDate({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <LabelledControl label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={FILTER_CONTROL}
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </LabelledControl>
  );
}

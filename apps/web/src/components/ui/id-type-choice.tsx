import { ID_TYPE_LABELS, ID_TYPES, type IdType } from '@royal/shared';
import { IdCard } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The three ID types as a radio group of large buttons (the gate's age check and the wizard). */
export function IdTypeChoice({
  value,
  onChange,
  name,
}: {
  value: IdType | null;
  onChange: (type: IdType) => void;
  name: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Type of ID</legend>
      {ID_TYPES.map((type) => (
        <label
          key={type}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-2 text-left text-sm transition has-focus-visible:ring-2 has-focus-visible:ring-gold-400',
            value === type
              ? 'border-gold-400 bg-gold-100/60 text-royal-950 dark:bg-gold-400/15 dark:text-gold-100'
              : 'border-border bg-surface hover:bg-surface-muted',
          )}
        >
          <input
            type="radio"
            name={name}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
            className="sr-only"
          />
          <IdCard aria-hidden className="size-5 shrink-0 text-primary dark:text-gold-300" />
          {ID_TYPE_LABELS[type]}
        </label>
      ))}
    </fieldset>
  );
}

/** A thin progress bar with its percentage for screen readers. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="grid gap-1"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-2 overflow-hidden rounded-full bg-surface-muted">
        <div
          className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-muted-foreground text-xs">{percent}%</span>
    </div>
  );
}

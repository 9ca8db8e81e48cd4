import { ImagePlus, Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

// The two tiles every photo grid ends with (a member's own photos, an event's photos): the upload on
// its way, and the dashed "Add Photo" tile whose label opens the file picker.

/** The photo being uploaded: its name and how much has gone, then "Processing…" at 100%. */
export function UploadProgressTile({
  name,
  percent,
  className,
}: {
  name: string;
  percent: number;
  className: string;
}) {
  return (
    <li
      className={cn(
        'relative flex flex-col items-center justify-center gap-2 rounded-2xl border border-border border-dashed bg-surface p-3 text-center',
        className,
      )}
    >
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-primary dark:text-gold-300" />
      <span className="line-clamp-1 w-full text-muted-foreground text-xs">{name}</span>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-muted-foreground text-xs">{percent >= 100 ? 'Processing…' : `${percent}%`}</span>
    </li>
  );
}

/** "Add Photo" with how many of the allowed photos there are; a chosen file goes to `onChoose`. */
export function AddPhotoTile({
  inputId,
  count,
  max,
  onChoose,
  describedBy,
  className,
}: {
  inputId: string;
  count: number;
  max: number;
  onChoose: (file: File | undefined) => void;
  describedBy?: string;
  className: string;
}) {
  return (
    <li className={className}>
      <label
        htmlFor={inputId}
        className="flex size-full cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-gold-400/60 border-dashed bg-surface text-center text-foreground transition hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
      >
        <ImagePlus aria-hidden="true" className="size-7 text-primary dark:text-gold-300" />
        <span className="font-semibold text-sm">Add Photo</span>
        <span className="text-muted-foreground text-xs">
          {count}/{max}
        </span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby={describedBy}
          onChange={(event) => {
            onChoose(event.target.files?.[0]);
            // The same file chosen again after a refusal is a new choice.
            event.target.value = '';
          }}
        />
      </label>
    </li>
  );
}

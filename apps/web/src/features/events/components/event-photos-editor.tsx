import {
  EVENT_PHOTO_MAX_COUNT,
  type EventPhoto,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_MESSAGES,
} from '@royal/shared';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useEventPhotos, useRemoveEventPhoto, useUploadEventPhoto } from '../api/event-photos';

const PHOTO_COLUMNS = 'grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6';

type Upload = { name: string; percent: number };

function UploadProblem({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-red-600 text-xs dark:text-red-300">
      {message}
    </p>
  );
}

/**
 * The event form's photos (edit mode): thumbnails with Remove, and Add Photo, one file at a time with
 * its progress. The server cleans and re-encodes every file (the member photo pipeline); a refusal is
 * shown in its own words under the grid. The first photo is the cover of the event's page.
 */
export function EventPhotosEditor({ eventId, eventName }: { eventId: string; eventName: string }) {
  const photos = useEventPhotos(eventId);
  const upload = useUploadEventPhoto(eventId);
  const remove = useRemoveEventPhoto(eventId);
  const [current, setCurrent] = useState<Upload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = `${inputId}-problem`;

  const choose = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    // The server judges every file by its content; this only saves sending one it would refuse.
    if (file.size > PHOTO_MAX_BYTES) {
      setProblem(PHOTO_UPLOAD_MESSAGES.tooLarge);
      return;
    }
    setCurrent({ name: file.name, percent: 0 });
    upload.mutate(
      { file, onProgress: (percent) => setCurrent({ name: file.name, percent }) },
      {
        onSuccess: () => toast.success('Photo added'),
        onError: (error) => setProblem(errorMessage(error)),
        onSettled: () => setCurrent(null),
      },
    );
  };

  const removePhoto = (photo: EventPhoto, index: number) => {
    setProblem(null);
    remove.mutate(photo.id, {
      onSuccess: () => toast.success(`Photo ${index + 1} removed`),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  if (photos.isPending) {
    return (
      <div className={PHOTO_COLUMNS}>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="aspect-square rounded-2xl" />
        ))}
      </div>
    );
  }
  if (photos.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-surface-muted p-4 text-foreground text-sm">
        The photos could not be loaded. {errorMessage(photos.error)}
      </p>
    );
  }

  const list = photos.data.photos;
  const canAdd = list.length < EVENT_PHOTO_MAX_COUNT && !current;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={`Photos of ${eventName}`} className={PHOTO_COLUMNS}>
        {list.map((photo, index) => (
          <li
            key={photo.id}
            className="relative aspect-square overflow-hidden rounded-2xl border border-border bg-surface-muted"
          >
            <img
              src={photo.thumb_url}
              alt={`${eventName}, number ${index + 1}${index === 0 ? ' (cover)' : ''}`}
              className="size-full object-cover"
            />
            <button
              type="button"
              onClick={() => removePhoto(photo, index)}
              disabled={remove.isPending}
              aria-label={`Remove photo ${index + 1}`}
              className="absolute top-1 right-1 grid size-8 cursor-pointer place-items-center rounded-full bg-royal-950/70 text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-gold-300 disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
        {current && (
          <li className="flex aspect-square flex-col items-center justify-center gap-2 rounded-2xl border border-border border-dashed bg-surface p-2 text-center">
            <Loader2 aria-hidden="true" className="size-5 animate-spin text-primary dark:text-gold-300" />
            <span className="line-clamp-1 w-full text-muted-foreground text-xs">{current.name}</span>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={current.percent}
              className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
            >
              <div
                className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500 transition-[width]"
                style={{ width: `${current.percent}%` }}
              />
            </div>
            <span className="text-muted-foreground text-xs">
              {current.percent >= 100 ? 'Processing…' : `${current.percent}%`}
            </span>
          </li>
        )}
        {canAdd && (
          <li className="aspect-square">
            <label
              htmlFor={inputId}
              className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-gold-400/60 border-dashed bg-surface text-center text-foreground transition hover:bg-surface-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <ImagePlus aria-hidden="true" className="size-6 text-primary dark:text-gold-300" />
              <span className="font-semibold text-sm">Add Photo</span>
              <span className="text-muted-foreground text-xs">
                {list.length}/{EVENT_PHOTO_MAX_COUNT}
              </span>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                className="sr-only"
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <UploadProblem id={problemId} message={problem} />
      <p className="text-muted-foreground text-xs">
        The first photo is the cover. Up to {EVENT_PHOTO_MAX_COUNT} photos, 5 MB each; members see them once
        their tier is admitted.
      </p>
    </div>
  );
}

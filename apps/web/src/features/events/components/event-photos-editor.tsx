import {
  EVENT_PHOTO_MAX_COUNT,
  type EventPhoto,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_MESSAGES,
} from '@royal/shared';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Skeleton } from '@/components/ui/skeleton';
import { AddPhotoTile, UploadProgressTile } from '@/features/photos';
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
          <UploadProgressTile name={current.name} percent={current.percent} className="aspect-square" />
        )}
        {canAdd && (
          <AddPhotoTile
            inputId={inputId}
            count={list.length}
            max={EVENT_PHOTO_MAX_COUNT}
            onChoose={choose}
            describedBy={problem ? problemId : undefined}
            className="aspect-square"
          />
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

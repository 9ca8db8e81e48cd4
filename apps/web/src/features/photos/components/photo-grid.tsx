import { type MyPhoto, PHOTO_MAX_BYTES, PHOTO_MAX_COUNT, PHOTO_UPLOAD_MESSAGES } from '@royal/shared';
import { Crown, GripVertical, ShieldAlert, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useDeletePhoto, useMyPhotos, useReorderPhotos, useUploadPhoto } from '../api/photos';
import { AppealDialog } from './appeal-dialog';
import { AddPhotoTile, UploadProgressTile } from './upload-tiles';

/** `ids` with the item at `from` moved to `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to >= ids.length) return [...ids];
  next.splice(to, 0, moved);
  return next;
}

type Upload = { name: string; progress: number };

/**
 * Columns by the grid's own width, not the window's: in onboarding's narrow card on a desktop, six
 * columns made tiles of 60 px, where the main badge, the delete button and the status overlapped.
 */
const PHOTO_COLUMNS = 'grid grid-cols-3 gap-2 @md:grid-cols-4 @md:gap-3 @2xl:grid-cols-6';

/**
 * The member's photo grid (Edit Profile's "Photos (Required)", onboarding's first photo): up to six,
 * one upload at a time with its progress bar, the main-photo mark on the first, pending and rejected
 * marks, delete, and reordering by drag or from the keyboard (arrow keys on a photo's handle).
 */
export function PhotoGrid({ className }: { className?: string }) {
  const photos = useMyPhotos();
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const reorder = useReorderPhotos();
  const [current, setCurrent] = useState<Upload | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [appealing, setAppealing] = useState<MyPhoto | null>(null);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const inputId = useId();
  const list = photos.data?.photos ?? [];
  const ids = list.map((p) => p.id);

  // Keep the keyboard on the photo that just moved (its handle is re-rendered in a new place).
  useEffect(() => {
    if (!focusAfterMove) return;
    handles.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const move = (id: string, to: number) => {
    const from = ids.indexOf(id);
    if (from === -1 || to < 0 || to >= ids.length || to === from) return;
    reorder.mutate(moveId(ids, from, to), {
      onError: (error) => toast.error('Failed to reorder photos', { description: errorMessage(error) }),
    });
    setAnnouncement(
      `Photo moved to position ${to + 1} of ${ids.length}${to === 0 ? ', now your main photo' : ''}.`,
    );
    setFocusAfterMove(id);
  };

  const onHandleKey = (event: KeyboardEvent, id: string, index: number) => {
    const target =
      event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? ids.length - 1
              : null;
    if (target === null) return;
    event.preventDefault();
    move(id, target);
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged) move(dragged, index);
    setDragged(null);
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    // The server judges every file by its content; this only saves sending one it would refuse.
    if (file.size > PHOTO_MAX_BYTES) {
      toast.error('Failed to upload photo', { description: PHOTO_UPLOAD_MESSAGES.tooLarge });
      return;
    }
    setCurrent({ name: file.name, progress: 0 });
    upload.mutate(
      { file, onProgress: (progress) => setCurrent({ name: file.name, progress }) },
      {
        onSuccess: () =>
          toast.success('Photo uploaded successfully!', {
            description: 'It shows to other members once it has been reviewed.',
          }),
        onError: (error) => toast.error('Failed to upload photo', { description: errorMessage(error) }),
        onSettled: () => setCurrent(null),
      },
    );
  };

  const deletePhoto = (photo: MyPhoto, index: number) =>
    remove.mutate(photo.id, {
      onSuccess: () => {
        toast.success('Photo deleted successfully!');
        setAnnouncement(`Photo ${index + 1} deleted.`);
      },
      onError: (error) => toast.error('Failed to delete photo', { description: errorMessage(error) }),
    });

  if (photos.isPending) {
    return (
      <div className={cn('@container', className)}>
        <div className={PHOTO_COLUMNS}>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
          ))}
        </div>
      </div>
    );
  }
  if (photos.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-surface-muted p-4 text-foreground text-sm">
        Your photos could not be loaded. {errorMessage(photos.error)}
      </p>
    );
  }

  const canAdd = list.length < PHOTO_MAX_COUNT && !current;
  return (
    <div className={cn('@container', className)}>
      <ul aria-label="Your photos" className={PHOTO_COLUMNS}>
        {list.map((photo, index) => (
          <li
            key={photo.id}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', photo.id);
              setDragged(photo.id);
            }}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            data-testid="photo-tile"
            className={cn(
              '@container group relative aspect-[4/5] overflow-hidden rounded-2xl border border-border bg-surface-muted',
              index === 0 && 'ring-2 ring-gold-400',
              dragged === photo.id && 'opacity-50',
            )}
          >
            <img
              src={photo.thumb_url}
              alt={`Yours, number ${index + 1}${index === 0 ? ' (main)' : ''}`}
              className={cn('size-full object-cover', photo.status === 'rejected' && 'opacity-40 grayscale')}
              draggable={false}
            />
            {index === 0 && (
              <span className="absolute top-1.5 left-1.5 inline-flex items-center gap-1 rounded-full bg-gold-400 px-1.5 py-0.5 font-semibold text-[0.7rem] text-royal-950">
                <Crown aria-hidden="true" className="size-3" />
                {/* A small tile keeps only the crown, so the mark and the delete button never overlap. */}
                <span className="sr-only @[6rem]:not-sr-only">Main</span>
              </span>
            )}
            <button
              type="button"
              onClick={() => deletePhoto(photo, index)}
              disabled={remove.isPending}
              aria-label={`Delete photo ${index + 1}`}
              className="absolute top-1 right-1 grid size-8 cursor-pointer place-items-center rounded-full bg-royal-950/70 text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-gold-300 disabled:opacity-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
            <div className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-1 bg-gradient-to-t from-royal-950/85 to-transparent p-1.5 pt-6">
              <StatusMark photo={photo} onAppeal={() => setAppealing(photo)} />
              <button
                type="button"
                ref={(node) => {
                  if (node) handles.current.set(photo.id, node);
                  else handles.current.delete(photo.id);
                }}
                onKeyDown={(event) => onHandleKey(event, photo.id, index)}
                aria-label={`Reorder photo ${index + 1} of ${list.length}: use the arrow keys to move it`}
                aria-describedby={`${inputId}-reorder-help`}
                className="ml-auto grid size-8 shrink-0 cursor-grab place-items-center rounded-full bg-white/15 text-white focus-visible:outline-2 focus-visible:outline-gold-300"
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </button>
            </div>
          </li>
        ))}
        {current && (
          <UploadProgressTile
            name={current.name}
            percent={Math.round(current.progress * 100)}
            className="aspect-[4/5]"
          />
        )}
        {canAdd && (
          <AddPhotoTile
            inputId={inputId}
            count={list.length}
            max={PHOTO_MAX_COUNT}
            onChoose={choose}
            className="aspect-[4/5]"
          />
        )}
      </ul>
      <p id={`${inputId}-reorder-help`} className="mt-2 text-muted-foreground text-xs">
        Drag photos to reorder, or focus a photo's handle and use the arrow keys. The first photo is your main
        photo and avatar. Up to {PHOTO_MAX_COUNT} photos, 5 MB each.
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <AppealDialog photo={appealing} onClose={() => setAppealing(null)} />
    </div>
  );
}

function StatusMark({ photo, onAppeal }: { photo: MyPhoto; onAppeal: () => void }) {
  if (photo.status === 'pending') {
    return (
      <span
        title="Pending Review: other members see it once it is approved"
        className="whitespace-nowrap rounded-full bg-amber-400 px-2 py-0.5 font-semibold text-[0.7rem] text-royal-950"
      >
        Pending<span className="sr-only"> Review</span>
      </span>
    );
  }
  if (photo.status === 'rejected') {
    return (
      <span className="flex min-w-0 flex-col items-start gap-1">
        <span
          className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 font-semibold text-[0.7rem] text-white"
          title={photo.rejection_reason ?? undefined}
        >
          <ShieldAlert aria-hidden="true" className="size-3" />
          Rejected
        </span>
        {photo.appeal_status === 'none' ? (
          <button
            type="button"
            onClick={onAppeal}
            className="cursor-pointer rounded-full bg-white/90 px-2 py-0.5 font-semibold text-[0.7rem] text-royal-950 underline-offset-2 hover:underline"
          >
            Appeal
          </button>
        ) : (
          <span className="text-[0.65rem] text-white/90">
            {photo.appeal_status === 'submitted' ? 'Appeal submitted' : 'Appeal declined'}
          </span>
        )}
      </span>
    );
  }
  return null;
}

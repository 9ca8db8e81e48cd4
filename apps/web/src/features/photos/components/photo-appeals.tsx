import { APPEAL_REPLY_TEXT, type MyPhoto, relativeTime } from '@royal/shared';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useMyPhotos } from '../api/photos';
import { AppealDialog } from './appeal-dialog';

const APPEAL_STATE_TEXT: Record<MyPhoto['appeal_status'], string> = {
  none: '',
  submitted: `Appeal submitted. We reply within ${APPEAL_REPLY_TEXT}.`,
  approved: 'Appeal approved: your photo is restored.',
  rejected: 'Appeal reviewed: the original decision stands.',
};

/** The Safety Center's Photo Appeals tab: the member's rejected photos, newest first, each appealable once. */
export function PhotoAppeals() {
  const photos = useMyPhotos();
  const [appealing, setAppealing] = useState<MyPhoto | null>(null);

  if (photos.isPending) return <Skeleton className="h-40 rounded-3xl" />;
  if (photos.isError) {
    return (
      <LoadErrorPanel
        title="Failed to load rejected photos"
        message={errorMessage(photos.error)}
        onRetry={() => void photos.refetch()}
        retrying={photos.isFetching}
      />
    );
  }
  const rejected = photos.data.photos
    .filter((p) => p.status === 'rejected' || p.appeal_status !== 'none')
    .sort((a, b) => (b.moderated_at ?? b.created_at).localeCompare(a.moderated_at ?? a.created_at));

  if (rejected.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-3xl border border-border bg-surface p-8 text-center">
        <ImageOff aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-display text-foreground text-xl">No rejected photos</p>
        <p className="text-muted-foreground text-sm">
          If a photo of yours is ever rejected, you can appeal it here.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {rejected.map((photo) => (
          <li key={photo.id} className="flex gap-3 rounded-3xl border border-border bg-surface p-3">
            <img
              src={photo.thumb_url}
              alt="Your rejected upload"
              className="h-28 w-22 shrink-0 rounded-2xl object-cover"
            />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold text-foreground text-sm">Rejection reason</p>
              <p className="text-foreground/90 text-sm">{photo.rejection_reason ?? 'No reason given'}</p>
              {photo.moderated_at && (
                <p className="text-muted-foreground text-xs">Reviewed {relativeTime(photo.moderated_at)}</p>
              )}
              {photo.appeal_status === 'none' ? (
                <Button variant="outline" className="mt-auto self-start" onClick={() => setAppealing(photo)}>
                  Appeal
                </Button>
              ) : (
                <p className="mt-auto text-muted-foreground text-sm">
                  {APPEAL_STATE_TEXT[photo.appeal_status]}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <AppealDialog photo={appealing} onClose={() => setAppealing(null)} />
    </>
  );
}

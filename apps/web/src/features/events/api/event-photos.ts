import { type EventPhotos, eventPhotosSchema } from '@royal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { uploadForm } from '@/lib/upload';

/** An event's photos with their ids, cover first (the managers' form). */
export function useEventPhotos(eventId: string) {
  return useQuery({
    queryKey: queryKeys.eventPhotos(eventId),
    queryFn: ({ signal }) => api.get(apiPaths.eventPhotos(eventId), { schema: eventPhotosSchema, signal }),
  });
}

/** After a change: the form's list from the reply, and the card and list (their photos) read again. */
function useStorePhotos(eventId: string) {
  const queryClient = useQueryClient();
  return (photos: EventPhotos) => {
    queryClient.setQueryData(queryKeys.eventPhotos(eventId), photos);
    void queryClient.invalidateQueries({ queryKey: queryKeys.event(eventId), exact: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.eventsList });
  };
}

/** Adds one photo (managers); `onProgress` is 0–100 while the file is sent. */
export function useUploadEventPhoto(eventId: string) {
  const store = useStorePhotos(eventId);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm(apiPaths.eventPhotos(eventId), form, { schema: eventPhotosSchema, onProgress });
    },
    onSuccess: store,
  });
}

export function useRemoveEventPhoto(eventId: string) {
  const store = useStorePhotos(eventId);
  return useMutation({
    mutationFn: (photoId: string) =>
      api.delete(apiPaths.eventPhoto(eventId, photoId), { schema: eventPhotosSchema }),
    onSuccess: store,
  });
}

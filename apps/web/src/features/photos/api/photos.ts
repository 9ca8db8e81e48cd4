import {
  AppError,
  appErrorFromResponse,
  ErrorCode,
  type MyPhoto,
  type MyPhotos,
  myPhotoSchema,
  myPhotosSchema,
  type PhotoAppealBody,
} from '@royal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, BAD_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

export const myPhotosQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myPhotos,
    queryFn: ({ signal }) => api.get(apiPaths.myPhotos, { schema: myPhotosSchema, signal }),
  });

export function useMyPhotos() {
  return useQuery(myPhotosQueryOptions());
}

/**
 * Sends one file as multipart form data. XMLHttpRequest rather than fetch because only it reports
 * upload progress; the reply is checked with the same shared schema and errors as every other call.
 */
export function uploadPhotoFile(file: File, onProgress: (fraction: number) => void): Promise<MyPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPaths.myPhotos);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new AppError(ErrorCode.SERVICE_UNAVAILABLE, NETWORK_ERROR_MESSAGE));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) return reject(appErrorFromResponse(xhr.status, data));
      const parsed = myPhotoSchema.safeParse(data);
      if (!parsed.success) return reject(new AppError(ErrorCode.INTERNAL, BAD_RESPONSE_MESSAGE));
      resolve(parsed.data);
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** After any change to the photos: the list, and `me` (its photos and avatar). */
function useRefreshPhotos() {
  const queryClient = useQueryClient();
  return (photos?: MyPhotos) => {
    if (photos) queryClient.setQueryData(queryKeys.myPhotos, photos);
    void queryClient.invalidateQueries({ queryKey: queryKeys.myPhotos });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}

export function useUploadPhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadPhotoFile(file, onProgress),
    onSuccess: () => refresh(),
  });
}

export function useDeletePhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.myPhoto(id), { schema: myPhotosSchema }),
    onSuccess: (photos) => refresh(photos),
  });
}

/** Reorders at once on screen (the grid follows the drag or the arrow key), then saves. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: (ids: string[]) => api.put(apiPaths.myPhotoOrder, { ids }, { schema: myPhotosSchema }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.myPhotos });
      const before = queryClient.getQueryData<MyPhotos>(queryKeys.myPhotos);
      if (before) {
        const byId = new Map(before.photos.map((p) => [p.id, p]));
        const photos = ids.flatMap((id, position) => {
          const photo = byId.get(id);
          return photo ? [{ ...photo, position }] : [];
        });
        queryClient.setQueryData<MyPhotos>(queryKeys.myPhotos, { photos });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.myPhotos, context.before);
    },
    onSuccess: (photos) => refresh(photos),
  });
}

export function useAppealPhoto() {
  const refresh = useRefreshPhotos();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PhotoAppealBody }) =>
      api.post(apiPaths.myPhotoAppeal(id), body, { schema: myPhotoSchema }),
    onSuccess: () => refresh(),
  });
}

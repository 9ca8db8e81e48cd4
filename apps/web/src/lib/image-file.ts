import { ID_FILE_NOT_IMAGE, ID_FILE_TOO_LARGE, ID_UPLOAD_MAX_BYTES } from '@royal/shared';

export type FileProblem = { title: string; message: string };

/**
 * The spec's check of an ID or selfie file before it is sent (the server checks again, by content):
 * an image type, at most 10 MB. Returns the toast to show, or null.
 */
export function idImageProblem(file: File): FileProblem | null {
  if (!file.type.startsWith('image/')) return ID_FILE_NOT_IMAGE;
  if (file.size > ID_UPLOAD_MAX_BYTES) return ID_FILE_TOO_LARGE;
  return null;
}

import { AppError, ErrorCode, PHOTO_MAX_BYTES, PHOTO_UPLOAD_MESSAGES } from '@royal/shared';
import type { FastifyRequest } from 'fastify';
import { readUploadParts } from '../../lib/multipart';

const refuse = (message: string, reason: string) =>
  new AppError(ErrorCode.UPLOAD_REJECTED, message, { reason });

/** A photo upload's form: one file (a second is read only to refuse it) and a field or two at most. */
const PHOTO_UPLOAD_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 2, parts: 4 } as const;

const photoUploadRefusals = {
  fileTooLarge: () => refuse(PHOTO_UPLOAD_MESSAGES.tooLarge, 'too_large'),
  tooManyParts: () => refuse(PHOTO_UPLOAD_MESSAGES.oneAtATime, 'too_many_files'),
};

/**
 * The one file of a multipart upload, read into memory up to the photo limit. No file, a second file
 * (one photo at a time) or a file over the limit is refused with its reason, never silently dropped.
 */
export async function readOnePhotoFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse(PHOTO_UPLOAD_MESSAGES.noFile, 'no_file');
  let file: Buffer | null = null;
  for await (const part of readUploadParts(request, PHOTO_UPLOAD_LIMITS, photoUploadRefusals)) {
    if (part.kind !== 'file') continue;
    if (file) throw photoUploadRefusals.tooManyParts();
    file = part.data;
  }
  if (!file) throw refuse(PHOTO_UPLOAD_MESSAGES.noFile, 'no_file');
  return file;
}

import {
  AppError,
  ErrorCode,
  ID_FILE_NOT_IMAGE,
  ID_FILE_TOO_LARGE,
  ID_UPLOAD_MAX_BYTES,
  ID_UPLOAD_TOO_MANY_PARTS_TEXT,
} from '@royal/shared';
import type { FastifyRequest } from 'fastify';
import { readUploadParts } from '../../lib/multipart';
import { ImageRejected, processImage } from '../photos';

/** The multipart limits of an ID upload: two images (selfie and ID) and a couple of short fields. */
export const ID_UPLOAD_LIMITS = {
  fileSize: ID_UPLOAD_MAX_BYTES,
  files: 2,
  fields: 4,
  fieldSize: 100,
  parts: 6,
} as const;

export type UploadParts = { fields: Map<string, string>; files: Map<string, Buffer> };

const idUploadRefusals = {
  fileTooLarge: () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ID_FILE_TOO_LARGE.message),
  tooManyParts: () => new AppError(ErrorCode.VALIDATION_FAILED, ID_UPLOAD_TOO_MANY_PARTS_TEXT),
};

/**
 * Reads a multipart upload into memory within ID_UPLOAD_LIMITS. Nothing about the files (names,
 * declared types) is kept: only the field names we asked for and the bytes.
 */
export async function readIdUpload(request: FastifyRequest): Promise<UploadParts> {
  if (!request.isMultipart())
    throw new AppError(ErrorCode.VALIDATION_FAILED, 'Send the image as multipart/form-data');
  const fields = new Map<string, string>();
  const files = new Map<string, Buffer>();
  for await (const part of readUploadParts(request, ID_UPLOAD_LIMITS, idUploadRefusals)) {
    if (part.kind === 'file') files.set(part.name, part.data);
    else fields.set(part.name, part.value);
  }
  return { fields, files };
}

/**
 * An uploaded ID or selfie made safe to keep: the format sniffed from the bytes, turned upright,
 * re-encoded (WebP) without any metadata — the photo pipeline, of which only the large variant is
 * kept. A file that is not an image gets the spec's text; every refusal carries the pipeline's
 * reason (`details.reason`: not_an_image, unsupported_format, too_many_pixels, unreadable), as a
 * photo upload's does.
 */
export async function reencodeIdImage(input: Buffer): Promise<Buffer> {
  try {
    return (await processImage(input)).large;
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    const message =
      error.code === 'not_an_image' || error.code === 'unsupported_format'
        ? ID_FILE_NOT_IMAGE.message
        : error.message;
    throw new AppError(ErrorCode.UPLOAD_REJECTED, message, { reason: error.code });
  }
}

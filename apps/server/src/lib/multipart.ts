import { AppError, ErrorCode, UNREADABLE_UPLOAD_TEXT } from '@royal/shared';
import type { FastifyRequest } from 'fastify';

/**
 * What an error met while reading a multipart body becomes. Our own refusals and the multipart
 * plugin's errors that carry a client status stay as they are; anything else came from the parser
 * meeting a body it cannot read (no boundary, cut short, a malformed part header: busboy's plain
 * errors) and is the client's mistake, a 400 with a reason, never a 500.
 */
export function unreadableUpload(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return new AppError(ErrorCode.VALIDATION_FAILED, UNREADABLE_UPLOAD_TEXT);
}

/**
 * The multipart plugin's refusal of more files, fields or parts than a route reads: the member sent
 * more than the form asks for, which is not a size problem (the plugin answers 413).
 */
export function isTooManyParts(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT';
}

/** One part of a multipart upload, read: a file's bytes (nothing else about it is kept) or a text field. */
export type UploadPart =
  | { kind: 'file'; name: string; data: Buffer }
  | { kind: 'field'; name: string; value: string };

/** The busboy limits a route reads its upload within (see @fastify/multipart's `limits`). */
export type UploadLimits = {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize?: number;
};

/** How a route words the two refusals that are about what the member chose to send. */
export type UploadRefusals = {
  /** A file over `limits.fileSize`. */
  fileTooLarge: () => AppError;
  /** More files, fields or parts than the form has. */
  tooManyParts: () => AppError;
};

/**
 * The parts of a multipart upload, each file read into memory, within `limits`; every upload route
 * reads its body through this, so the plugin's limit errors are worded the same way whichever
 * route meets them.
 *
 * A file over the size limit shows up in one of two places, depending on how the body's bytes were
 * cut into chunks on the way in. Usually the chunk that crosses the limit still carries the bytes
 * up to it, and `toBuffer` sees the stream marked truncated with that chunk and throws. But when a
 * chunk ends exactly at the limit (fetch sends a Blob in 64 KiB slices: 5 MB is 80 of them, 10 MB
 * 160), busboy has nothing left to push when it marks the stream truncated: `toBuffer` has
 * already seen every chunk and returns the bytes up to the limit as if they were the whole file,
 * and the error only comes out of the parts iterator on its next step. How the socket hands those
 * slices over (one by one, or run together and cut elsewhere) is a matter of timing, hence a
 * refusal that changed between tries. So the truncated mark is checked once the file is read, and
 * the plugin's error is translated wherever it is thrown.
 */
export async function* readUploadParts(
  request: FastifyRequest,
  limits: UploadLimits,
  refusals: UploadRefusals,
): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw refusals.fileTooLarge();
        yield { kind: 'file', name: part.fieldname, data };
      } else if (typeof part.value === 'string') {
        yield { kind: 'field', name: part.fieldname, value: part.value };
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refusals.fileTooLarge();
    if (isTooManyParts(error)) throw refusals.tooManyParts();
    throw unreadableUpload(error);
  }
}

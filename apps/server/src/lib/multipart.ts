import { AppError, ErrorCode, UNREADABLE_UPLOAD_TEXT } from '@royal/shared';

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

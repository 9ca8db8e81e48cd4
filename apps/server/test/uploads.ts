import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { App } from '../src/app';
import { type Session, TEST_ORIGIN } from './app';

/** Uploads one photo as the member through the real route (a browser's FormData, field `file`). */
export function uploadAs(
  app: App,
  session: Session,
  file: Buffer,
  { filename = 'photo.jpg', contentType = 'image/jpeg' } = {},
) {
  return upload(app, '/api/me/photos', session, {}, { file: { data: file, filename, type: contentType } });
}

/** A small real image (solid colour with a gradient band), as a phone would upload it. */
export async function sampleImage(format: 'png' | 'jpeg' = 'png', colour = '#7a4fd0'): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 40, channels: 3, background: colour } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export type UploadFile = { data: Buffer; filename: string; type: string };

/** A multipart/form-data request body as a browser's FormData would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  files: Record<string, UploadFile>,
): Promise<{ payload: Buffer; contentType: string }> {
  return formBody([...Object.entries(fields), ...Object.entries(files)]);
}

/** A form's parts, in order: a text field or a file. */
export type FormParts = readonly (readonly [string, string | UploadFile])[];

/** A browser's FormData of `parts`, in the order given (a form may put a field after its file). */
function formData(parts: FormParts): FormData {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  return form;
}

/** The body of `parts` as FormData serialises it. */
export async function formBody(parts: FormParts): Promise<{ payload: Buffer; contentType: string }> {
  const response = new Response(formData(parts));
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** The slices fetch sends a Blob's bytes in. */
export const UPLOAD_SLICE_BYTES = 64 * 1024;

/**
 * POSTs a multipart upload whose body arrives as it does over a quick connection: the bytes before
 * the file, then the file in 64 KiB slices, each its own chunk, then the rest of the form. A file
 * of a whole number of slices past a route's limit is then cut exactly at the limit, the case where
 * the multipart plugin's `toBuffer` does not notice it (lib/multipart.ts).
 */
export async function uploadInSlices(
  app: App,
  url: string,
  session: Session | null,
  parts: FormParts,
): Promise<LightMyRequestResponse> {
  const body = await formBody(parts);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const [, value] of parts) {
    if (typeof value === 'string') continue;
    const header = body.payload.indexOf(`filename="${value.filename}"`, from);
    const start = body.payload.indexOf('\r\n\r\n', header) + 4;
    chunks.push(body.payload.subarray(from, start));
    for (let at = 0; at < value.data.length; at += UPLOAD_SLICE_BYTES)
      chunks.push(
        body.payload.subarray(start + at, start + Math.min(at + UPLOAD_SLICE_BYTES, value.data.length)),
      );
    from = start + value.data.length;
  }
  chunks.push(body.payload.subarray(from));
  return app.inject({
    method: 'POST',
    url,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': body.contentType,
      ...(session ? { cookie: session.cookie } : {}),
    },
    // One chunk per element: Readable.from is in object mode, so each reaches the parser on its own.
    payload: Readable.from(chunks),
  });
}

/**
 * POSTs a FormData upload with fetch to a listening app, over a real socket (how the chunks of the
 * body reach the parser is then up to the connection, as for a browser).
 */
export async function fetchUpload(
  address: string,
  path: string,
  session: Session,
  parts: FormParts,
): Promise<{ status: number; body: { error?: unknown } }> {
  const response = await fetch(`${address}${path}`, {
    method: 'POST',
    body: formData(parts),
    headers: { origin: TEST_ORIGIN, cookie: session.cookie },
  });
  return { status: response.status, body: (await response.json()) as { error?: unknown } };
}

/** POSTs a multipart upload, signed in as `session`. */
export async function upload(
  app: App,
  url: string,
  session: Session | null,
  fields: Record<string, string>,
  files: Record<string, UploadFile>,
): Promise<LightMyRequestResponse> {
  const body = await multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': body.contentType,
      ...(session ? { cookie: session.cookie } : {}),
    },
    payload: body.payload,
  });
}

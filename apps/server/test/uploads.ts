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
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'multipart/form-data',
  };
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

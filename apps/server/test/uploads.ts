import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { App } from '../src/app';
import { request, type Session, TEST_ORIGIN } from './app';

/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartFile(
  file: Buffer,
  { filename = 'photo.jpg', contentType = 'image/jpeg', field = 'file' } = {},
) {
  const boundary = `----royal${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads one file as the member through the real route. */
export function uploadAs(
  app: App,
  session: Session,
  file: Buffer,
  options?: Parameters<typeof multipartFile>[1],
) {
  const { body, headers } = multipartFile(file, options);
  return request(app, 'POST', '/api/me/photos', { session, body, headers });
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

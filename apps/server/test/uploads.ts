import { randomBytes } from 'node:crypto';
import type { App } from '../src/app';
import { request, type Session } from './app';

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

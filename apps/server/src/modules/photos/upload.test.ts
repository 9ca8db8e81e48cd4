import { PHOTO_MAX_COUNT, PHOTO_UPLOAD_MESSAGES, UNREADABLE_UPLOAD_TEXT } from '@royal/shared';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import {
  avif,
  BLUE,
  heic,
  htmlJpegPolyglot,
  jpegWithGpsAndOrientation,
  metadataMarkersIn,
  pixelBomb,
  plainJpeg,
  png,
  RED,
  renamedText,
  sixMegabytes,
  svgWithScript,
  truncatedJpeg,
  webp,
} from '../../../test/image-corpus';
import { type FormParts, fetchUpload, upload, uploadAs, uploadInSlices } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { photos } from '../../db/schema';

const t = useTestApp();
const storage = () => t.app.ctx.storage as MemoryStorage;

async function photoCount(userId: string) {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

/** Fetches a served variant as the owner. */
async function served(session: Session | null, url: string) {
  const res = await request(t.app, 'GET', url, { session });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('POST /api/me/photos: accepted files come out clean', () => {
  it('turns a sideways JPEG with GPS upright and serves it without any metadata', async () => {
    const { session } = await signedInMember(t.app);
    const input = await jpegWithGpsAndOrientation();
    // The corpus really carries what must go.
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(metadataMarkersIn(input)).toEqual(expect.arrayContaining(['Exif', 'SpyCam']));

    const res = await uploadAs(t.app, session, input, { filename: 'holiday.jpg' });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ position: 0, status: 'pending', appeal_status: 'none' });

    for (const url of [photo.url, photo.thumb_url, photo.url.replace('size=large', 'size=blur')]) {
      const bytes = await served(session, url);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(metadataMarkersIn(bytes)).toEqual([]);
    }
    // Upright: portrait, red on top, blue at the bottom.
    const large = await served(session, photo.url);
    const { data, info } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeLessThan(info.height);
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return { r: data[i] as number, b: data[i + 2] as number };
    };
    const top = pixel(Math.floor(info.width / 2), 5);
    const bottom = pixel(Math.floor(info.width / 2), info.height - 5);
    expect(top.r).toBeGreaterThan(RED.r - 40);
    expect(top.b).toBeLessThan(RED.b + 40);
    expect(bottom.b).toBeGreaterThan(BLUE.b - 40);
    expect(bottom.r).toBeLessThan(BLUE.r + 40);
  });

  it('accepts PNG, WebP and AVIF, judged by their content whatever the name and declared type say', async () => {
    const { member, session } = await signedInMember(t.app);
    for (const [name, make] of [
      ['png', png],
      ['webp', webp],
      ['avif', avif],
    ] as const) {
      // A misleading name and type: only the bytes count.
      const res = await uploadAs(t.app, session, await make(), {
        filename: `${name}.txt`,
        contentType: 'text/plain',
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const bytes = await served(session, res.json().url);
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
    expect(await photoCount(member.id)).toBe(3);
  });

  it('re-encodes an HTML/JPEG polyglot so no markup survives', async () => {
    const { session } = await signedInMember(t.app);
    const input = await htmlJpegPolyglot();
    expect(input.toString('latin1')).toContain('<script>');
    const res = await uploadAs(t.app, session, input);
    expect(res.statusCode, res.body).toBe(201);
    const bytes = await served(session, res.json().url);
    expect(bytes.toString('latin1')).not.toContain('<script');
    expect(bytes.toString('latin1')).not.toContain('<html');
  });
});

describe('POST /api/me/photos: refused files say why and leave nothing behind', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, RegExp]> = [
    ['a renamed text file', renamedText, 'not_an_image', /not an image/i],
    ['an SVG with a script', svgWithScript, 'unsupported_format', /SVG images are not accepted/],
    // Said up front, not as an unreadable image: the shipped decoder reads AV1 in HEIF, not HEVC.
    [
      'an iPhone HEIC',
      heic,
      'unsupported_format',
      /HEIC images are not accepted yet.*share the photo as JPG/,
    ],
    [
      'a 20000×20000 pixel bomb',
      () => pixelBomb(20_000, 20_000),
      'too_many_pixels',
      /too large.*megapixels/i,
    ],
    ['a truncated JPEG', truncatedJpeg, 'unreadable', /could not be read/i],
    ['an empty file', () => Buffer.alloc(0), 'empty', /empty/i],
    ['a 6 MB file', sixMegabytes, 'too_large', /larger than 5 MB/],
  ];

  it.each(cases)('refuses %s', async (_label, make, reason, message) => {
    const { member, session } = await signedInMember(t.app);
    const objectsBefore = storage().size();
    const res = await uploadAs(t.app, session, await make());
    expect(res.statusCode, res.body).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('UPLOAD_REJECTED');
    expect(error.details).toEqual({ reason });
    expect(error.message).toMatch(message);
    expect(await photoCount(member.id)).toBe(0);
    expect(storage().size()).toBe(objectsBefore);
  });

  it('refuses two files in one request (one photo at a time), storing neither', async () => {
    const { member, session } = await signedInMember(t.app);
    const jpeg = await plainJpeg(200, 200);
    const boundary = '----royaltwofiles';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from('\r\n'),
      ]);
    const objectsBefore = storage().size();
    const res = await request(t.app, 'POST', '/api/me/photos', {
      session,
      body: Buffer.concat([part('a.jpg'), part('b.jpg'), Buffer.from(`--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'Please upload one photo at a time',
      details: { reason: 'too_many_files' },
    });
    expect(await photoCount(member.id)).toBe(0);
    expect(storage().size()).toBe(objectsBefore);
  });

  it('refuses a photo sent with more fields than the form has as one photo at a time, not as too large', async () => {
    const { member, session } = await signedInMember(t.app);
    const res = await upload(
      t.app,
      '/api/me/photos',
      session,
      { a: '1', b: '2', c: '3' },
      { file: { data: await plainJpeg(200, 200), filename: 'a.jpg', type: 'image/jpeg' } },
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'UPLOAD_REJECTED',
      message: 'Please upload one photo at a time',
      details: { reason: 'too_many_files' },
    });
    expect(await photoCount(member.id)).toBe(0);
  });

  it('refuses a multipart body it cannot read (no boundary, cut short) with the reason, storing nothing', async () => {
    const { member, session } = await signedInMember(t.app);
    const objectsBefore = storage().size();
    const bodies = [
      { type: 'multipart/form-data', body: 'garbage' },
      {
        type: 'multipart/form-data; boundary=zzz',
        body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      },
    ];
    for (const { type, body } of bodies) {
      const res = await request(t.app, 'POST', '/api/me/photos', {
        session,
        body: Buffer.from(body),
        headers: { 'content-type': type },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: UNREADABLE_UPLOAD_TEXT });
    }
    expect(await photoCount(member.id)).toBe(0);
    expect(storage().size()).toBe(objectsBefore);
  });

  it('refuses a request without a file', async () => {
    const { member, session } = await signedInMember(t.app);
    const none = await request(t.app, 'POST', '/api/me/photos', { session, body: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.details).toEqual({ reason: 'no_file' });
    expect(await photoCount(member.id)).toBe(0);
  });

  it('refuses the seventh photo with the limit, storing nothing for it', async () => {
    const { member, session } = await signedInMember(t.app);
    const jpeg = await plainJpeg();
    for (let i = 0; i < PHOTO_MAX_COUNT; i++) {
      expect((await uploadAs(t.app, session, jpeg)).statusCode).toBe(201);
    }
    const objectsBefore = storage().size();
    const seventh = await uploadAs(t.app, session, jpeg);
    expect(seventh.statusCode).toBe(422);
    expect(seventh.json().error).toMatchObject({
      code: 'UPLOAD_REJECTED',
      message: 'You can have up to 6 photos. Delete one to add another.',
      details: { reason: 'limit' },
    });
    expect(await photoCount(member.id)).toBe(PHOTO_MAX_COUNT);
    expect(storage().size()).toBe(objectsBefore);
  });

  it('keeps the limit when uploads race: at most six rows, and no object without a row', async () => {
    const { member, session } = await signedInMember(t.app);
    const jpeg = await plainJpeg(300, 300);
    const objectsBefore = storage().size();
    const results = await Promise.all(Array.from({ length: 9 }, () => uploadAs(t.app, session, jpeg)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(PHOTO_MAX_COUNT);
    expect(codes.filter((c) => c === 422)).toHaveLength(3);
    expect(await photoCount(member.id)).toBe(PHOTO_MAX_COUNT);
    // Four variants per photo: large, small, blur and the face square.
    expect(storage().size() - objectsBefore).toBe(PHOTO_MAX_COUNT * 4);
    const positions = (
      await t.app.ctx.db.select({ p: photos.position }).from(photos).where(eq(photos.userId, member.id))
    )
      .map((r) => r.p)
      .sort();
    expect(positions).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses a signed-out upload', async () => {
    const res = await uploadAs(t.app, { cookie: '', userId: '' }, await plainJpeg());
    expect(res.statusCode).toBe(401);
  });
});

// The probe's case: a photo of about 6 MB sent as a browser's FormData was refused as 'The request
// is too large' in some tries. fetch sends a file in 64 KiB slices, and 5 MB is exactly 80 of them:
// when the parser gets them one by one, the multipart plugin's toBuffer ends at the limit without
// noticing it, and the limit error came out of the parts iterator untranslated (lib/multipart.ts).
describe('POST /api/me/photos: a file over 5 MB sent as a browser sends it', () => {
  const big = { data: sixMegabytes(), filename: 'big.jpg', type: 'image/jpeg' };
  const tooLarge = {
    code: 'UPLOAD_REJECTED',
    message: PHOTO_UPLOAD_MESSAGES.tooLarge,
    details: { reason: 'too_large' },
  };
  const forms: [string, FormParts][] = [
    ['alone', [['file', big]]],
    [
      'with a field after it',
      [
        ['file', big],
        ['caption', 'On the beach'],
      ],
    ],
  ];

  it.each(forms)('is too large when its slices end exactly at the limit (%s)', async (_label, parts) => {
    const { member, session } = await signedInMember(t.app);
    const objectsBefore = storage().size();
    const res = await uploadInSlices(t.app, '/api/me/photos', session, parts);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toEqual(tooLarge);
    expect(await photoCount(member.id)).toBe(0);
    expect(storage().size()).toBe(objectsBefore);
  });

  it('is too large in every try over a real connection', async () => {
    const { session } = await signedInMember(t.app);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const [, parts] = forms[attempt % forms.length] as [string, FormParts];
      const res = await fetchUpload(address, '/api/me/photos', session, parts);
      expect({ attempt, status: res.status, error: res.body.error }).toEqual({
        attempt,
        status: 422,
        error: tooLarge,
      });
    }
  });
});

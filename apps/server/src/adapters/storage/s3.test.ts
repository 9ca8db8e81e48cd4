import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { loadConfig, type S3Settings } from '../../config';
import { processImage, storePhotoVariants } from '../../modules/photos';
import { createS3Storage } from './s3';
import type { ObjectStorage } from './types';

// The S3 adapter against a local S3-compatible server (s3rver, an npm package), as CI runs it.
let server: S3rver;
let directory: string;
let storage: ObjectStorage;
let endpoint: string;
let settings: S3Settings;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rc-s3-'));
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'royal-photos', configs: [] }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  // Through the same settings an operator gives (S3_*), so the parsing is covered too.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: directory,
    AUTH_SECRET: 'x'.repeat(40),
    S3_BUCKET: 'royal-photos',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'test/',
  });
  if (!config.s3) throw new Error('S3 settings were not read');
  settings = config.s3;
  storage = createS3Storage(config.s3);
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('the S3 storage adapter', () => {
  it('puts, gets and deletes private objects; a missing key reads as null', async () => {
    expect(storage.kind).toBe('s3');
    expect(await storage.ping()).toBe(true);
    await storage.put('photos/a/one.webp', Buffer.from('bytes'), 'image/webp');
    const object = await storage.get('photos/a/one.webp');
    expect(object?.body.toString()).toBe('bytes');
    expect(object?.contentType).toBe('image/webp');
    await storage.delete('photos/a/one.webp');
    expect(await storage.get('photos/a/one.webp')).toBeNull();
    // Deleting what is not there is not an error, as with the local folder.
    await storage.delete('photos/a/never.webp');
  });

  it('stores a file from disk and streams it back with its size (data export archives)', async () => {
    const file = join(directory, 'archive.zip');
    const bytes = Buffer.alloc(256 * 1024, 7);
    await writeFile(file, bytes);
    await storage.putFile('exports/a/one.zip', file, 'application/zip');
    const object = await storage.getStream('exports/a/one.zip');
    expect(object?.size).toBe(bytes.length);
    expect(object?.contentType).toBe('application/zip');
    const chunks: Buffer[] = [];
    for await (const chunk of object?.stream ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await storage.delete('exports/a/one.zip');
    expect(await storage.getStream('exports/a/one.zip')).toBeNull();
  });

  it('stores the pipeline’s variants under random keys and reads them back', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#4b1d6b' } })
      .jpeg()
      .toBuffer();
    const image = await processImage(jpeg);
    const keys = await storePhotoVariants(storage, 'member-1', image);
    expect(keys.keyLarge).toMatch(/^photos\/member-1\/[0-9a-f-]{36}-l\.webp$/);
    const large = await storage.get(keys.keyLarge);
    expect(large?.body.equals(image.large)).toBe(true);
  });

  it('lists the objects under a prefix in pages, keys without the store prefix, with size and date', async () => {
    const keys = ['events/e/1-l.webp', 'events/e/1-s.webp', 'events/f/2-l.webp'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.put('photos/z/9-l.webp', Buffer.from('other'), 'image/webp');
    const objects = [];
    // Two keys a page: the listing follows the continuation token across pages.
    const paged = createS3Storage(settings, undefined, { listPageSize: 2 });
    for await (const object of paged.list('events/')) objects.push(object);
    expect(objects.map((o) => o.key)).toEqual(keys);
    expect(objects[0]?.size).toBe(keys[0]?.length);
    expect(Math.abs(Date.now() - (objects[0]?.modified.getTime() ?? 0))).toBeLessThan(60_000);
    const under: string[] = [];
    for await (const object of storage.list('events/e/')) under.push(object.key);
    expect(under).toEqual(keys.slice(0, 2));
    for (const key of [...keys, 'photos/z/9-l.webp']) await storage.delete(key);
  });

  it('answers ping false for a bucket that does not exist', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: directory,
      AUTH_SECRET: 'x'.repeat(40),
      S3_BUCKET: 'no-such-bucket',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(await createS3Storage(config.s3 as NonNullable<typeof config.s3>).ping()).toBe(false);
  });

  it('refuses half a set of credentials at start', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: directory,
        AUTH_SECRET: 'x'.repeat(40),
        S3_BUCKET: 'bucket',
        S3_ACCESS_KEY_ID: 'k',
      }),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});

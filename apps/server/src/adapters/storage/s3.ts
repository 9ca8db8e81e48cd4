import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import type { ObjectStorage } from './types';

/**
 * Private objects in an S3-compatible bucket (AWS S3, MinIO, R2, …), chosen by `S3_BUCKET`. Objects
 * are written without any public ACL and read back through our routes, which check who is asking,
 * exactly like the local folder.
 */
export function createS3Storage(
  settings: S3Settings,
  client?: S3Client,
  /** Keys per listing page: S3's own maximum, smaller in tests that walk several pages. */
  { listPageSize = 1000 }: { listPageSize?: number } = {},
): ObjectStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Checksums only where the API requires them: by default the SDK sends a stream body (putFile)
      // aws-chunked with a checksum trailer, which not every S3-compatible store decodes (s3rver
      // stores the framing with the bytes). TLS and the content length still guard the upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // A store that does not answer must fail the request in seconds, not hold it (and the member)
      // for the socket's lifetime: the upload then answers STORAGE_UNAVAILABLE (storage-faults.ts).
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${settings.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!object.Body) return null;
        const body = Buffer.from(await object.Body.transformToByteArray());
        return { body, contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async putFile(key, path, contentType) {
      // A stream body needs its length up front (S3 refuses a chunked upload of unknown size).
      const { size } = await stat(path);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async getStream(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!object.Body) return null;
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        const body = object.Body as Readable;
        return {
          stream:
            body instanceof Readable ? body : Readable.fromWeb(object.Body.transformToWebStream() as never),
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? null,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the local folder does.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list(prefix) {
      // ListObjects (v1) with a marker, the last key seen: every S3-compatible store pages it the same
      // way, where v2's continuation tokens are each store's own (s3rver cannot make one on OpenSSL 3).
      let Marker: string | undefined;
      for (;;) {
        const page = await s3.send(
          new ListObjectsCommand({ Bucket, Prefix: keyOf(prefix), Marker, MaxKeys: listPageSize }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(settings.prefix.length),
            size: object.Size ?? 0,
            // Unknown reads as just written: the sweeper never takes an object it cannot date for old.
            modified: object.LastModified ?? new Date(),
          };
        }
        Marker = page.NextMarker ?? contents.at(-1)?.Key;
        if (!page.IsTruncated || !Marker) return;
      }
    },
    async ping() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}

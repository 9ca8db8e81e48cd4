import type { Readable } from 'node:stream';

export type StoredStream = { stream: Readable; contentType: string; size: number | null };

/** One stored object as a listing shows it: its key (without any store prefix), size and last write. */
export type StoredObjectInfo = { key: string; size: number; modified: Date };

/**
 * Private object storage. Keys are random and never derived from user input; objects are only
 * served through routes that check who is asking.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /**
   * Stores a file from disk without reading it whole into memory (large objects: data export
   * archives). The file is left where it is.
   */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Opens an object as a stream (null when there is none); `size` in bytes when the store knows it. */
  getStream(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, in key order, read a page at a time (the orphan
   * sweeper and the backup walk whole stores without holding them in memory).
   */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** True when the store answers; used by /api/health. */
  ping(): Promise<boolean>;
}

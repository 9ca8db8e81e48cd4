import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ObjectStorage } from './types';

export type MemoryStorage = ObjectStorage & {
  /** Number of stored objects, for assertions. */
  size(): number;
  keys(): string[];
};

/**
 * A Map-backed ObjectStorage for tests and the in-memory demo: nothing touches the disk. `now` is the
 * clock that stamps each write's time (the orphan sweeper's tests move it).
 */
export function createMemoryStorage({ now = () => new Date() }: { now?: () => Date } = {}): MemoryStorage {
  const objects = new Map<string, { body: Buffer; contentType: string; modified: Date }>();
  return {
    kind: 'local',
    async put(key, body, contentType) {
      // Copy so a caller reusing its buffer cannot change what was stored.
      objects.set(key, { body: Buffer.from(body), contentType, modified: now() });
    },
    async get(key) {
      const object = objects.get(key);
      return object ? { body: Buffer.from(object.body), contentType: object.contentType } : null;
    },
    async putFile(key, path, contentType) {
      // Memory is where this store keeps everything: the file is read whole, as put would hold it.
      objects.set(key, { body: await readFile(path), contentType, modified: now() });
    },
    async getStream(key) {
      const object = objects.get(key);
      if (!object) return null;
      const body = Buffer.from(object.body);
      return { stream: Readable.from([body]), contentType: object.contentType, size: body.length };
    },
    async delete(key) {
      objects.delete(key);
    },
    async *list(prefix) {
      // A snapshot of the keys, sorted as a bucket lists them; objects deleted meanwhile are skipped.
      for (const key of [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()) {
        const object = objects.get(key);
        if (object) yield { key, size: object.body.length, modified: object.modified };
      }
    },
    async ping() {
      return true;
    },
    size: () => objects.size,
    keys: () => [...objects.keys()],
  };
}

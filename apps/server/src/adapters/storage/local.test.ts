import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createMemoryStorage } from './memory';
import type { ObjectStorage, StoredObjectInfo } from './types';

const listed = async (storage: ObjectStorage, prefix: string) => {
  const objects: StoredObjectInfo[] = [];
  for await (const object of storage.list(prefix)) objects.push(object);
  return objects;
};

describe('the local folder store', () => {
  let root: string;
  let storage: ObjectStorage;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rc-local-'));
    storage = createLocalStorage(root);
    for (const key of ['photos/b/2-l.webp', 'photos/a/1-l.webp', 'photos/a/1-s.webp', 'id-documents/x.bin']) {
      await storage.put(key, Buffer.from(key), 'image/webp');
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('lists the keys under a prefix in order, with their size and last write', async () => {
    const when = new Date('2026-01-02T03:04:05Z');
    await utimes(join(root, 'photos/a/1-s.webp'), when, when);
    const photos = await listed(storage, 'photos/');
    expect(photos.map((o) => o.key)).toEqual(['photos/a/1-l.webp', 'photos/a/1-s.webp', 'photos/b/2-l.webp']);
    expect(photos[0]?.size).toBe('photos/a/1-l.webp'.length);
    expect(photos[1]?.modified.toISOString()).toBe(when.toISOString());
    expect(Date.now() - (photos[0]?.modified.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('lists a prefix that ends inside a name, the whole store, and nothing for a missing folder', async () => {
    expect((await listed(storage, 'photos/a/1-s')).map((o) => o.key)).toEqual(['photos/a/1-s.webp']);
    expect((await listed(storage, 'photos/a')).map((o) => o.key)).toEqual([
      'photos/a/1-l.webp',
      'photos/a/1-s.webp',
    ]);
    expect(await listed(storage, '')).toHaveLength(4);
    expect(await listed(storage, 'events/')).toEqual([]);
  });

  it('leaves no half-written file under the key when a write fails', async () => {
    await expect(
      storage.putFile('exports/m/one.zip', join(root, 'no-such-file'), 'application/zip'),
    ).rejects.toThrow(/ENOENT/);
    expect(await readdir(join(root, 'exports/m'))).toEqual([]);
    expect(await storage.get('exports/m/one.zip')).toBeNull();
  });
});

describe('the memory store', () => {
  it('lists in key order with sizes and the time its clock gave each write', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const storage = createMemoryStorage({ now: () => now });
    await storage.put('photos/b.webp', Buffer.from('bb'), 'image/webp');
    now = new Date('2026-05-01T11:00:00Z');
    await storage.put('photos/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('events/c.webp', Buffer.from('c'), 'image/webp');
    expect(await listed(storage, 'photos/')).toEqual([
      { key: 'photos/a.webp', size: 1, modified: new Date('2026-05-01T11:00:00Z') },
      { key: 'photos/b.webp', size: 2, modified: new Date('2026-05-01T10:00:00Z') },
    ]);
  });
});

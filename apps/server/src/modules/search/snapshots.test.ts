import { describe, expect, it } from 'vitest';
import {
  createSnapshotCache,
  positionAfter,
  SNAPSHOT_REFRESH_MS,
  SNAPSHOT_TTL_MS,
  type Snapshot,
} from './snapshots';

const snapshot = (builtAt: number, overrides: Partial<Snapshot> = {}): Snapshot => ({
  generation: '1',
  builtAt,
  entries: [],
  complete: true,
  ...overrides,
});

/** A build that waits until released, counting its calls; the snapshot is dated when it started. */
function heldBuild(clock: () => number) {
  let release = () => {};
  let builds = 0;
  return {
    build: async () => {
      builds += 1;
      const builtAt = clock();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return snapshot(builtAt, { generation: '2' });
    },
    release: () => release(),
    builds: () => builds,
  };
}

describe('snapshot cache', () => {
  it('builds once for requests that arrive together, and serves the result until its TTL passes', async () => {
    let clock = 1_000;
    const cache = createSnapshotCache(() => clock);
    let builds = 0;
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return snapshot(clock);
    };
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    clock += SNAPSHOT_REFRESH_MS - 1;
    expect(await cache.get('k', build)).toBe(a);
    expect(builds).toBe(1);
    // Asked for nothing until it expired: the next request waits for the rebuild.
    clock += SNAPSHOT_TTL_MS - SNAPSHOT_REFRESH_MS + 1;
    const rebuilt = await cache.get('k', build);
    expect(rebuilt).not.toBe(a);
    expect(rebuilt.builtAt).toBe(clock);
    expect(builds).toBe(2);
  });

  it('past the refresh age serves the snapshot at once and rebuilds it in the background, once', async () => {
    let clock = 0;
    const cache = createSnapshotCache(() => clock);
    const first = await cache.get('k', async () => snapshot(clock));
    const slow = heldBuild(() => clock);
    clock = SNAPSHOT_REFRESH_MS;
    expect(await cache.get('k', slow.build)).toBe(first);
    expect(await cache.get('k', slow.build)).toBe(first); // the rebuild is already running
    expect(slow.builds()).toBe(1);
    slow.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const refreshed = await cache.get('k', slow.build);
    expect(refreshed).not.toBe(first);
    expect(refreshed.generation).toBe('2');
    expect(slow.builds()).toBe(1);
  });

  it('past the TTL with a rebuild running, waits for that one instead of starting another', async () => {
    let clock = 0;
    const cache = createSnapshotCache(() => clock);
    await cache.get('k', async () => snapshot(clock));
    const slow = heldBuild(() => clock);
    clock = SNAPSHOT_TTL_MS - 1;
    await cache.get('k', slow.build); // starts the rebuild
    clock = SNAPSHOT_TTL_MS;
    const waiting = cache.get('k', slow.build);
    slow.release();
    expect((await waiting).generation).toBe('2');
    expect(slow.builds()).toBe(1);
  });

  it('keeps serving the snapshot when its background rebuild fails, and tries again on the next request', async () => {
    let clock = 0;
    const cache = createSnapshotCache(() => clock);
    const first = await cache.get('k', async () => snapshot(clock));
    clock = SNAPSHOT_REFRESH_MS;
    expect(
      await cache.get('k', async () => {
        throw new Error('database went away');
      }),
    ).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 0));
    let builds = 0;
    expect(
      await cache.get('k', async () => {
        builds += 1;
        return snapshot(clock);
      }),
    ).toBe(first);
    expect(builds).toBe(1);
  });

  it('discards a background rebuild that was running when the snapshot was found stale', async () => {
    let clock = 0;
    const cache = createSnapshotCache(() => clock);
    const first = await cache.get('k', async () => snapshot(clock));
    let release: (() => void) | undefined;
    clock = SNAPSHOT_REFRESH_MS;
    await cache.get(
      'k',
      () =>
        new Promise<Snapshot>((resolve) => {
          release = () => resolve(snapshot(clock, { generation: 'read before the change' }));
        }),
    );
    cache.drop('k', first);
    const current = await cache.get('k', async () => snapshot(clock, { generation: '2' }));
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => snapshot(clock))).toBe(current);
  });

  it('drops a snapshot found stale, but not a newer one built meanwhile', async () => {
    const cache = createSnapshotCache(() => 0);
    const first = await cache.get('k', async () => snapshot(0));
    cache.drop('k', first);
    const second = await cache.get('k', async () => snapshot(0, { generation: '2' }));
    expect(second).not.toBe(first);
    cache.drop('k', first); // a late caller still holding the first one
    expect(await cache.get('k', async () => snapshot(0, { generation: '3' }))).toBe(second);
  });

  it('forgets a failed build, so the next request tries again', async () => {
    const cache = createSnapshotCache(() => 0);
    await expect(
      cache.get('k', async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    const built = snapshot(0);
    expect(await cache.get('k', async () => built)).toBe(built);
  });

  it('keeps at most 256 filter mixes, evicting the least recently used', async () => {
    const cache = createSnapshotCache(() => 0);
    const kept = await cache.get('key 0', async () => snapshot(0));
    for (let i = 1; i <= 256; i += 1) {
      await cache.get(`key ${i}`, async () => snapshot(0));
      if (i === 200) expect(await cache.get('key 0', async () => snapshot(0))).toBe(kept); // used again
    }
    expect(await cache.get('key 0', async () => snapshot(0))).toBe(kept);
    const rebuilt = snapshot(0);
    expect(await cache.get('key 1', async () => rebuilt)).toBe(rebuilt); // the oldest unused went
  });
});

describe('positionAfter', () => {
  const entries = [
    { id: 'c', key: '2026-11-23T10:00:00.000002Z' },
    { id: 'b', key: '2026-11-23T10:00:00.000001Z' },
    { id: 'a', key: '2026-11-23T10:00:00.000001Z' },
    { id: 'z', key: '2026-11-23T09:00:00.000000Z' },
  ];
  it('finds the first entry older than the cursor, ties broken by a smaller id', () => {
    const held = snapshot(0, { entries });
    expect(positionAfter(held, { t: '2026-11-23T10:00:00.000002Z', id: 'c' })).toBe(1);
    expect(positionAfter(held, { t: '2026-11-23T10:00:00.000001Z', id: 'b' })).toBe(2);
    expect(positionAfter(held, { t: '2026-11-23T10:00:00.000001Z', id: 'a' })).toBe(3);
    // A cursor between entries (its member has since moved) still continues in order.
    expect(positionAfter(held, { t: '2026-11-23T09:30:00.000000Z', id: 'q' })).toBe(3);
    expect(positionAfter(held, { t: '2026-11-24T00:00:00.000000Z', id: 'q' })).toBe(0);
  });
  it('says the end of a complete snapshot is the end, and past an incomplete one it cannot tell', () => {
    const last = { t: '2026-11-23T09:00:00.000000Z', id: 'z' };
    expect(positionAfter(snapshot(0, { entries }), last)).toBe(4);
    expect(positionAfter(snapshot(0, { entries, complete: false }), last)).toBeNull();
  });
});

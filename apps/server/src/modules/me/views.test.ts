import { meSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useCountedApp, useTestApp, useTwoInstances } from '../../../test/app';
import { addPhoto } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { createMemoryBus } from '../../adapters/bus/memory';
import type { App } from '../../app';
import { profiles } from '../../db/schema';
import { createMemberViewCache } from './views';

describe('the member view cache', () => {
  const setup = () => {
    const bus = createMemoryBus();
    let clock = 1_000;
    const cache = createMemberViewCache<string>({
      bus,
      ttlMs: 2_000,
      now: () => clock,
      onPublishError: (error) => {
        throw error;
      },
    });
    let reads = 0;
    // Each actual read of the database gives a new view: view-1, view-2…
    const read = (userId: string) =>
      cache.read(userId, async () => {
        reads += 1;
        return `view-${reads}`;
      });
    return { bus, cache, read, advance: (ms: number) => (clock += ms) };
  };

  it('keeps a view until its time is up', async () => {
    const { read, advance } = setup();
    expect(await read('a')).toBe('view-1');
    advance(1_999);
    expect(await read('a')).toBe('view-1');
    advance(1);
    expect(await read('a')).toBe('view-2');
  });

  it('drops a view when the bus says the member or their actor changed, on every instance', async () => {
    const { bus, read } = setup();
    await read('a');
    await read('b');
    await bus.publish({ kind: 'member.view.invalidate', userIds: ['a'] });
    expect(await read('a')).toBe('view-3');
    expect(await read('b')).toBe('view-2');
    await bus.publish({ kind: 'actor.invalidate', userIds: ['b'] });
    expect(await read('b')).toBe('view-4');
  });

  it('answers a read that was under way when its member was dropped, but does not keep it', async () => {
    const { cache, read } = setup();
    let finish: (value: string) => void = () => {};
    const underWay = cache.read('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate(['a']);
    finish('read before the change');
    expect(await underWay).toBe('read before the change');
    expect(await read('a')).toBe('view-1');
    // A drop of another member does not stop a read from being kept.
    let finishB: (value: string) => void = () => {};
    const b = cache.read('b', () => new Promise<string>((resolve) => (finishB = resolve)));
    cache.invalidate(['c']);
    finishB('b as read');
    await b;
    expect(await read('b')).toBe('b as read');
  });
});

describe('the member view cache: memory', () => {
  it('sweeps out views past their time, and keeps at most 10,000', async () => {
    let clock = 0;
    const cache = createMemberViewCache<number>({
      bus: createMemoryBus(),
      ttlMs: 2_000,
      now: () => clock,
      onPublishError: () => {},
    });
    try {
      for (let i = 0; i < 10_500; i += 1) await cache.read(`member-${i}`, async () => i);
      expect(cache.size).toBeLessThanOrEqual(10_000);
      // The newest stay; the oldest went first.
      expect(await cache.read('member-10499', async () => -1)).toBe(10_499);
      expect(await cache.read('member-0', async () => -1)).toBe(-1);
      clock += 2_000;
      cache.sweep();
      expect(cache.size).toBe(0);
    } finally {
      cache.close();
    }
  });

  it('tells the bus before a drop is done, so a reply that waits for it leaves after', async () => {
    const bus = createMemoryBus();
    const told: string[] = [];
    let release: () => void = () => {};
    const slowBus = {
      ...bus,
      publish: async (message: Parameters<typeof bus.publish>[0]) => {
        await new Promise<void>((resolve) => (release = resolve));
        told.push(message.kind);
        await bus.publish(message);
      },
    };
    const cache = createMemberViewCache<string>({ bus: slowBus, onPublishError: () => {} });
    try {
      let done = false;
      const dropping = cache.invalidate(['a']).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(done).toBe(false);
      release();
      await dropping;
      expect(told).toEqual(['member.view.invalidate']);
    } finally {
      cache.close();
    }
  });
});

describe('GET /api/me and the cache', () => {
  const t = useTestApp();
  const me = async (session: Session) => {
    const res = await request(t.app, 'GET', '/api/me', { session });
    expect(res.statusCode, res.body).toBe(200);
    return meSchema.parse(res.json());
  };

  it('shows what the member just changed, whichever route changed it', async () => {
    const { member, session } = await signedInMember(t.app);
    const first = await addPhoto(t.app, member.id, 0);
    const second = await addPhoto(t.app, member.id, 1);
    expect((await me(session)).photos.map((photo) => photo.id)).toEqual([first, second]);
    // Deleting a photo announces nothing of its own: the write itself drops the view.
    const deleted = await request(t.app, 'DELETE', `/api/me/photos/${first}`, { session });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await me(session)).photos.map((photo) => photo.id)).toEqual([second]);
  });

  it("drops the owner's view when an admin rejects their photo", async () => {
    const { member, session } = await signedInMember(t.app);
    const { session: admin } = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    const photo = await addPhoto(t.app, member.id, 0);
    expect((await me(session)).photos.map((p) => p.id)).toEqual([photo]);
    const decided = await request(t.app, 'POST', `/api/admin/photos/${photo}/decision`, {
      session: admin,
      body: { action: 'reject', rejection_reason: 'Not a clear photo of you' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await me(session)).photos).toEqual([]);
  });

  it('keeps counters moved by others for at most a moment (the cache is real)', async () => {
    const { member, session } = await signedInMember(t.app);
    expect((await me(session)).like_count).toBe(0);
    await t.app.ctx.db.update(profiles).set({ likeCount: 3 }).where(eq(profiles.userId, member.id));
    expect((await me(session)).like_count).toBe(0);
    await expect.poll(async () => (await me(session)).like_count, { timeout: 4_000 }).toBe(3);
  });
});

describe('statements of a kept view', () => {
  const counted = useCountedApp();

  it('serves a kept view with no statement at all', async () => {
    const { session } = await signedInMember(counted.app);
    expect((await request(counted.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    counted.statements = 0;
    expect((await request(counted.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect(counted.statements).toBe(0);
  });
});

describe('the member view across two instances', () => {
  const two = useTwoInstances({ memberViewTtlMs: 60 * 60_000 });

  it('shows on one instance what the member changed through the other', async () => {
    const { a, b } = two;
    const { member, session } = await signedInMember(a);
    const photo = await addPhoto(a, member.id, 0);
    const photosOn = async (app: App) =>
      (await request(app, 'GET', '/api/me', { session })).json().photos.map((p: { id: string }) => p.id);
    expect(await photosOn(b)).toEqual([photo]);
    expect((await request(a, 'DELETE', `/api/me/photos/${photo}`, { session })).statusCode).toBe(200);
    expect(await photosOn(b)).toEqual([]);
  });
});

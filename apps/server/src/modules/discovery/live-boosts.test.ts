import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createMember } from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import type { AppContext } from '../../context';
import { boosts } from '../../db/schema';
import { LIVE_BOOSTS_RECHECK_MS, liveBoostsOf } from './live-boosts';

// The feed drops its boosted segment while no profile boost is live (decision 022). That is only
// right if every instance learns of a new boost at once, or within LIVE_BOOSTS_RECHECK_MS when a
// boost is written without the bus; and an ended boost must stop counting on its own.

const t = useTestApp({}, { isolation: 'test' });
const HOUR = 3600_000;

afterEach(() => {
  vi.useRealTimers();
});

async function boostWithoutBus(activeUntil: Date) {
  const member = await createMember(t.app, { userType: 'women' });
  await t.app.ctx.db.insert(boosts).values({ userId: member.id, boostType: 'profile_boost', activeUntil });
}

describe('live profile boosts, as the feed knows them', () => {
  it('counts a purchase announced on the bus at once', async () => {
    const live = liveBoostsOf(t.app.ctx);
    expect(await live.anyLive()).toBe(false);
    await boostWithoutBus(new Date(Date.now() + HOUR));
    await t.app.ctx.bus.publish({ kind: 'boosts.changed' });
    expect(await live.anyLive()).toBe(true);
  });

  it('counts a boost written without the bus within the recheck interval, and not one of another kind', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const live = liveBoostsOf(t.app.ctx);
    // Reads now, so the next answer comes from what it read.
    await t.app.ctx.bus.publish({ kind: 'boosts.changed' });
    expect(await live.anyLive()).toBe(false);

    const member = await createMember(t.app, { userType: 'women' });
    await t.app.ctx.db.insert(boosts).values({ userId: member.id, boostType: 'super_likes', quantity: 10 });
    await boostWithoutBus(new Date(Date.now() + HOUR));
    expect(await live.anyLive()).toBe(false);

    vi.advanceTimersByTime(LIVE_BOOSTS_RECHECK_MS);
    expect(await live.anyLive()).toBe(true);
  });

  it('stops counting a boost once it has ended, without reading again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const live = liveBoostsOf(t.app.ctx);
    await boostWithoutBus(new Date(Date.now() + 500));
    await t.app.ctx.bus.publish({ kind: 'boosts.changed' });
    expect(await live.anyLive()).toBe(true);
    // Still within the recheck interval, so nothing is read: the boost's end alone decides.
    vi.advanceTimersByTime(501);
    expect(await live.anyLive()).toBe(false);
  });

  it('answers every feed page of one instance from one read a second', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const live = liveBoostsOf(t.app.ctx);
    await t.app.ctx.bus.publish({ kind: 'boosts.changed' });
    expect(await live.anyLive()).toBe(false);
    // A boost written now is not seen until the interval has passed: no read happened in between.
    await boostWithoutBus(new Date(Date.now() + HOUR));
    vi.advanceTimersByTime(LIVE_BOOSTS_RECHECK_MS - 1);
    expect(await Promise.all([live.anyLive(), live.anyLive(), live.anyLive()])).toEqual([
      false,
      false,
      false,
    ]);
    vi.advanceTimersByTime(1);
    expect(await live.anyLive()).toBe(true);
  });

  it('does not answer a page with a read that began before the latest purchase was announced', async () => {
    // A database whose read takes a while, so the purchase is announced while a read is under way.
    let boostLive = false;
    const handlers: ((message: BusMessage) => void)[] = [];
    const slowRead = () =>
      new Promise((resolve) => {
        const answer = boostLive ? HOUR : null;
        setTimeout(() => resolve([{ msLeft: answer }]), 50);
      });
    const ctx = {
      db: { select: () => ({ from: () => ({ where: slowRead }) }) },
      bus: { subscribe: (handler: (message: BusMessage) => void) => handlers.push(handler) },
    } as unknown as AppContext;
    const live = liveBoostsOf(ctx);

    const before = live.anyLive();
    boostLive = true;
    for (const handler of handlers) handler({ kind: 'boosts.changed' });
    const after = live.anyLive();
    expect(await before).toBe(false);
    expect(await after).toBe(true);
  });
});

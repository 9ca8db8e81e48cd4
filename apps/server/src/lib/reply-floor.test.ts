import { describe, expect, it } from 'vitest';
import { type FloorClock, replyNoSoonerThan } from './reply-floor';

/** A clock that only moves when told: work "takes" what it advances, sleeps are recorded. */
function fakeClock() {
  let now = 1_000;
  const slept: number[] = [];
  const clock: FloorClock = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
  return { clock, slept, advance: (ms: number) => (now += ms), elapsed: () => now - 1_000 };
}

describe('replyNoSoonerThan', () => {
  it('waits a quick piece of work up to the floor and answers its value', async () => {
    const c = fakeClock();
    const value = await replyNoSoonerThan(
      250,
      async () => {
        c.advance(40);
        return 'sent';
      },
      c.clock,
    );
    expect(value).toBe('sent');
    expect(c.slept).toEqual([210]);
    expect(c.elapsed()).toBe(250);
  });

  it('makes a fast path and a slow path take the same time', async () => {
    const fast = fakeClock();
    const slow = fakeClock();
    await replyNoSoonerThan(250, async () => void fast.advance(2), fast.clock);
    await replyNoSoonerThan(250, async () => void slow.advance(180), slow.clock);
    expect(fast.elapsed()).toBe(slow.elapsed());
  });

  it('does not wait when the work already took the floor or longer', async () => {
    const c = fakeClock();
    await replyNoSoonerThan(250, async () => void c.advance(300), c.clock);
    expect(c.slept).toEqual([]);
    expect(c.elapsed()).toBe(300);
  });

  it('waits to the floor before passing an error on', async () => {
    const c = fakeClock();
    const failing = replyNoSoonerThan(
      250,
      async () => {
        c.advance(10);
        throw new Error('database down');
      },
      c.clock,
    );
    await expect(failing).rejects.toThrow('database down');
    expect(c.slept).toEqual([240]);
  });

  it('uses the real clock by default', async () => {
    expect(await replyNoSoonerThan(0, async () => 7)).toBe(7);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app';
import { createMember } from '../../test/factories';
import type { BusMessage, EventBus } from '../adapters/bus';
import { RELAY_MAX_ATTEMPTS, relayStrandedEvents } from './relay';
import { outboxEvents, profiles } from './schema';
import { inTransaction } from './transaction';

const t = useTestApp();

function recordBus() {
  const seen: BusMessage[] = [];
  const stop = t.app.ctx.bus.subscribe((message) => seen.push(message));
  return { seen, stop };
}

describe('units of work', () => {
  it('publish their events only after COMMIT', async () => {
    const member = await createMember(t.app);
    const bus = recordBus();
    let seenInside = -1;
    await t.app.ctx.transact(async ({ tx, publish }) => {
      await tx.update(profiles).set({ name: 'Committed' }).where(eq(profiles.userId, member.id));
      publish({ kind: 'actor.invalidate', userIds: [member.id] });
      seenInside = bus.seen.length;
    });
    bus.stop();
    expect(seenInside).toBe(0);
    expect(bus.seen).toEqual([{ kind: 'actor.invalidate', userIds: [member.id] }]);
  });

  it('publish nothing and write nothing when they roll back', async () => {
    const member = await createMember(t.app, { name: 'Before' });
    const bus = recordBus();
    await expect(
      t.app.ctx.transact(async ({ tx, publish }) => {
        await tx.update(profiles).set({ name: 'After' }).where(eq(profiles.userId, member.id));
        publish({ kind: 'actor.invalidate', userIds: [member.id] });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    bus.stop();
    expect(bus.seen).toEqual([]);
    const [row] = await t.app.ctx.db
      .select({ name: profiles.name })
      .from(profiles)
      .where(eq(profiles.userId, member.id));
    expect(row?.name).toBe('Before');
  });

  it('join the caller’s transaction: both commit together, events go with the outer commit', async () => {
    const a = await createMember(t.app, { name: 'A' });
    const b = await createMember(t.app, { name: 'B' });
    const bus = recordBus();
    const inner = (join: Parameters<Parameters<typeof t.app.ctx.transact>[0]>[0]) =>
      t.app.ctx.transact(async ({ tx, publish }) => {
        await tx.update(profiles).set({ name: 'B2' }).where(eq(profiles.userId, b.id));
        publish({ kind: 'actor.invalidate', userIds: [b.id] });
      }, join);
    await expect(
      t.app.ctx.transact(async (work) => {
        await work.tx.update(profiles).set({ name: 'A2' }).where(eq(profiles.userId, a.id));
        await inner(work);
        expect(bus.seen).toEqual([]);
        throw new Error('outer fails after the inner work');
      }),
    ).rejects.toThrow('outer fails');
    const names = await t.app.ctx.db.select({ name: profiles.name }).from(profiles);
    expect(names.map((n) => n.name)).not.toContain('B2');
    expect(bus.seen).toEqual([]);

    await t.app.ctx.transact(async (work) => {
      await inner(work);
    });
    bus.stop();
    expect(bus.seen).toEqual([{ kind: 'actor.invalidate', userIds: [b.id] }]);
  });
});

/** A `deliver` of a read receipt to `userId` (any event will do: these tests are about delivery). */
const receipt = (userId: string): BusMessage => ({
  kind: 'deliver',
  userIds: [userId],
  event: { type: 'message.read', payload: { match_id: randomUUID(), reader_id: userId, ids: [] } },
});

const outboxRows = () => t.app.ctx.db.select().from(outboxEvents).orderBy(outboxEvents.id);

describe('the events outbox (decision 034)', () => {
  // Each test starts with the rows of the units before it deleted (the cleaner deletes after the reply).
  beforeEach(() => t.app.ctx.units.outbox.settled());

  it('holds a unit’s events in one row of its transaction until they are published, with their ids', async () => {
    const member = await createMember(t.app);
    const bus = recordBus();
    let afterCommit: Array<{ recipe: string; body: unknown }> = [];
    await inTransaction(
      {
        ...t.app.ctx.units,
        afterCommit: async () => {
          afterCommit = await outboxRows();
        },
      },
      async ({ tx, publish }) => {
        await tx.update(profiles).set({ name: 'Committed' }).where(eq(profiles.userId, member.id));
        publish(receipt(member.id));
        publish({ kind: 'actor.invalidate', userIds: [member.id] });
        publish(receipt(member.id));
      },
    );
    bus.stop();
    // Committed with the unit: one row, its messages.
    expect(afterCommit).toHaveLength(1);
    const [row] = afterCommit as [{ id: number; recipe: string; body: BusMessage[] }];
    expect(row.recipe).toBe('messages');
    expect(row.body.map((m) => m.kind)).toEqual(['deliver', 'actor.invalidate', 'deliver']);
    // Published in the order raised, each delivery with its id (the row's, its place in it).
    expect(bus.seen.map((m) => m.kind)).toEqual(['deliver', 'actor.invalidate', 'deliver']);
    const ids = bus.seen.map((m) => (m.kind === 'deliver' && 'id' in m.event ? m.event.id : undefined));
    expect(ids).toEqual([`${row.id}.0`, undefined, `${row.id}.2`]);
    await t.app.ctx.units.outbox.settled();
    expect(await outboxRows()).toEqual([]);
  });

  it('writes no row for a unit with no events, nor for one rolled back', async () => {
    const member = await createMember(t.app);
    let paused = false;
    const units = {
      ...t.app.ctx.units,
      afterCommit: async () => {
        paused = true;
      },
    };
    await inTransaction(units, async ({ tx }) => {
      await tx.update(profiles).set({ name: 'Quiet' }).where(eq(profiles.userId, member.id));
    });
    await expect(
      inTransaction(units, async ({ publish }) => {
        publish(receipt(member.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(paused).toBe(false);
    expect(await outboxRows()).toEqual([]);
  });

  it('hands a unit’s events to the bus together, in the order raised, and returns once every one has gone', async () => {
    const member = await createMember(t.app);
    const handed: BusMessage[] = [];
    const answers: Array<() => void> = [];
    const slow: EventBus = {
      ...t.app.ctx.bus,
      publish: (message) => {
        handed.push(message);
        return new Promise<void>((resolve) => answers.push(resolve));
      },
    };
    let returned = false;
    const unit = inTransaction({ ...t.app.ctx.units, bus: slow }, async ({ publish }) => {
      publish(receipt(member.id));
      publish({ kind: 'actor.invalidate', userIds: [member.id] });
    }).then(() => {
      returned = true;
    });
    // Both are with the bus before it has answered the first.
    await vi.waitFor(() => expect(handed).toHaveLength(2));
    expect(handed.map((message) => message.kind)).toEqual(['deliver', 'actor.invalidate']);
    answers[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(returned).toBe(false);
    answers[0]?.();
    await unit;
    expect(returned).toBe(true);
    await t.app.ctx.units.outbox.settled();
    expect(await outboxRows()).toEqual([]);
  });

  it('keeps the row of events the bus refused, and the worker publishes them later with the same ids', async () => {
    const member = await createMember(t.app);
    const down: EventBus = {
      ...t.app.ctx.bus,
      publish: async () => {
        throw new Error('Redis is down');
      },
    };
    await t.app.ctx.transact(async ({ publish }) => publish(receipt(member.id)));
    await inTransaction({ ...t.app.ctx.units, bus: down }, async ({ publish }) =>
      publish(receipt(member.id)),
    );
    await t.app.ctx.units.outbox.settled();
    const [kept, ...others] = await outboxRows();
    expect(others).toEqual([]);
    const bus = recordBus();
    // Not before it is old enough: the instance that wrote it may still be publishing it.
    expect(await relayStrandedEvents({ ...t.app.ctx.units, recipes: {} })).toBe(0);
    await t.app.ctx.db.execute(sql`update ${outboxEvents} set created_at = created_at - interval '1 minute'`);
    expect(await relayStrandedEvents({ ...t.app.ctx.units, recipes: {} })).toBe(1);
    expect(await relayStrandedEvents({ ...t.app.ctx.units, recipes: {} })).toBe(0);
    bus.stop();
    expect(bus.seen).toEqual([
      {
        ...receipt(member.id),
        event: expect.objectContaining({ id: `${kept?.id}.0` }),
        // Logged in the member's stream as it went out (decision 064).
        positions: { [member.id]: expect.any(Number) },
      },
    ]);
    expect(await outboxRows()).toEqual([]);
  });

  it('dates a row when it is written, so a unit that ran longer than the wait is not taken as it commits', async () => {
    const member = await createMember(t.app);
    const waitMs = 300;
    let takenAsItCommitted = -1;
    await inTransaction(
      {
        ...t.app.ctx.units,
        afterCommit: async () => {
          takenAsItCommitted = await relayStrandedEvents(
            { ...t.app.ctx.units, recipes: {} },
            { olderThanMs: waitMs },
          );
        },
      },
      async ({ tx, publish }) => {
        await tx.update(profiles).set({ name: 'Slow' }).where(eq(profiles.userId, member.id));
        // A unit that runs longer than the worker waits (its transaction began before this).
        await new Promise((resolve) => setTimeout(resolve, waitMs * 2));
        publish(receipt(member.id));
      },
    );
    expect(takenAsItCommitted).toBe(0);
  });
});

describe('the worker and the rows it cannot rebuild (decision 034)', () => {
  beforeEach(() => t.app.ctx.units.outbox.settled());

  /** A relay whose `broken` recipe always throws, with the warnings and errors it logs. */
  function relayWithBrokenRecipe() {
    const logged = { warn: [] as unknown[][], error: [] as unknown[][] };
    const log = {
      warn: (...args: unknown[]) => logged.warn.push(args),
      error: (...args: unknown[]) => logged.error.push(args),
    } as unknown as FastifyBaseLogger;
    const rebuilds: unknown[] = [];
    const deps = {
      ...t.app.ctx.units,
      log,
      recipes: {
        broken: async (body: unknown) => {
          rebuilds.push(body);
          throw new Error('cannot rebuild');
        },
      },
    };
    return { logged, rebuilds, relay: (limit?: number) => relayStrandedEvents(deps, { limit }) };
  }

  const write = async (recipe: string, body: unknown, age: string) => {
    const [row] = await t.app.ctx.db
      .insert(outboxEvents)
      .values({ recipe, body, createdAt: sql`now() - ${age}::interval` })
      .returning({ id: outboxEvents.id });
    return row?.id as number;
  };

  it('sets a row aside after its last failed rebuild, and meanwhile relays the rows behind it', async () => {
    const member = await createMember(t.app);
    const { logged, relay } = relayWithBrokenRecipe();
    // A full pass (two rows here) of rows that cannot be rebuilt, ahead of one that can.
    const broken = [await write('broken', { n: 1 }, '1 day'), await write('broken', { n: 2 }, '1 day')];
    await write('messages', [receipt(member.id)], '1 day');
    const bus = recordBus();
    let passes = 0;
    while (bus.seen.length === 0 && passes <= RELAY_MAX_ATTEMPTS) {
      await relay(2);
      passes += 1;
    }
    bus.stop();
    expect(bus.seen).toHaveLength(1);
    // Kept for someone to look at, never claimed again.
    const kept = await outboxRows();
    expect(kept.map((row) => [row.id, row.attempts])).toEqual(broken.map((id) => [id, RELAY_MAX_ATTEMPTS]));
    expect(await relay(2)).toBe(0);
    expect((await outboxRows()).map((row) => row.attempts)).toEqual([RELAY_MAX_ATTEMPTS, RELAY_MAX_ATTEMPTS]);
    // Said once each at error level when set aside; the tries before, as warnings.
    expect(logged.error.map(([facts]) => (facts as { outboxId: number }).outboxId)).toEqual(broken);
    expect(logged.warn).toHaveLength(2 * (RELAY_MAX_ATTEMPTS - 1));
    await t.app.ctx.db.delete(outboxEvents);
  });

  it('waits twice as long before each new try of a row it could not rebuild', async () => {
    const { rebuilds, relay } = relayWithBrokenRecipe();
    const id = await write('broken', {}, '6 seconds');
    expect(await relay()).toBe(0);
    expect(rebuilds).toHaveLength(1);
    // Due again at 10 s (twice the 5 s wait), not at the next pass.
    await relay();
    expect(rebuilds).toHaveLength(1);
    await t.app.ctx.db.execute(
      sql`update ${outboxEvents} set created_at = created_at - interval '5 seconds' where id = ${id}`,
    );
    await relay();
    expect(rebuilds).toHaveLength(2);
    await t.app.ctx.db.delete(outboxEvents);
  });

  it('keeps relaying after a rebuild failed in the database (its savepoint is rolled back)', async () => {
    const member = await createMember(t.app);
    const deps = {
      ...t.app.ctx.units,
      log: { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger,
      recipes: {
        broken: async (_body: unknown, work: { tx: typeof t.app.ctx.db }) => {
          await work.tx.execute(sql`select 1 / 0`);
        },
      },
    };
    await write('broken', {}, '1 minute');
    await write('messages', [receipt(member.id)], '1 minute');
    const bus = recordBus();
    expect(await relayStrandedEvents(deps)).toBe(1);
    bus.stop();
    expect(bus.seen).toHaveLength(1);
    expect((await outboxRows()).map((row) => [row.recipe, row.attempts])).toEqual([['broken', 1]]);
    await t.app.ctx.db.delete(outboxEvents);
  });
});

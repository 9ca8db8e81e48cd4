import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createMember } from '../../test/factories';
import type { BusMessage } from '../adapters/bus';
import { profiles } from './schema';

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

import { randomUUID } from 'node:crypto';
import { messagePageSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { messages } from '../../db/schema';
import { purgeExpiredMessages } from './retention';

// Message retention (spec part 2 §9): seven years, then the daily job deletes them.
const t = useTestApp({}, { isolation: 'test' });

const send = async (session: Session, matchId: string, content: string) => {
  const res = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
    session,
    body: { id: randomUUID(), content },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('message retention', () => {
  it('deletes messages past seven years with the clock moved, and keeps the rest readable', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const old = await send(him.session, matchId, 'From long ago');
    const recent = await send(her.session, matchId, 'From this week');
    const sevenYearsAndADay = new Date(Date.now() - (7 * 365 + 3) * 24 * 3600_000);
    await t.app.ctx.db.update(messages).set({ createdAt: sevenYearsAndADay }).where(eq(messages.id, old));

    // Not yet, by a day: nothing goes.
    const dayEarlier = new Date(Date.now() - 4 * 24 * 3600_000);
    expect(await purgeExpiredMessages(t.app.ctx, dayEarlier)).toBe(0);

    expect(await purgeExpiredMessages(t.app.ctx)).toBe(1);
    const res = await request(t.app, 'GET', `/api/matches/${matchId}/messages`, { session: her.session });
    expect(messagePageSchema.parse(res.json()).items.map((m) => m.id)).toEqual([recent]);
    // Run again: nothing left to delete.
    expect(await purgeExpiredMessages(t.app.ctx)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { fundWallet } from '../../../test/money';
import { holdsMoney } from './money';

// Decision 069: a date plan holding either member's deposit keeps both accounts, as a held transfer
// does: the other member's money waits on the date.

const t = useTestApp();

describe('deleting an account while a date holds a deposit', () => {
  it('is refused to a member whose date holds only the other member’s deposit, until it settles', async () => {
    const pair = await matchedPair(t.app);
    await fundWallet(t.app, pair.her.member.id, 100_000);
    const post = (session: typeof pair.him.session, url: string, body: unknown = {}) =>
      request(t.app, 'POST', url, { session, body });
    const proposed = await post(pair.him.session, `/api/matches/${pair.matchId}/date-plans`, {
      starts_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      place: { name: 'The pier', address: 'Santa Monica' },
      my_deposit_cents: 0,
      their_deposit_cents: 30_000,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const planId = proposed.json().id;
    expect((await post(pair.her.session, `/api/date-plans/${planId}/accept`)).statusCode).toBe(200);
    const his = () => t.app.ctx.transact((work) => holdsMoney(work, pair.him.member.id));
    expect(await his()).toBe(true);
    expect((await post(pair.him.session, `/api/date-plans/${planId}/cancel`)).statusCode).toBe(200);
    expect(await his()).toBe(false);
  });
});

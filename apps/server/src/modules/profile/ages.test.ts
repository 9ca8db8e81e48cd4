import { ageOn } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { moneyPost } from '../../../test/money';
import { profiles } from '../../db/schema';
import { refreshAges } from './ages';

const t = useTestApp();

async function bornOn(userId: string, birthDate: string, storedAge: number) {
  await t.app.ctx.db.update(profiles).set({ birthDate, age: storedAge }).where(eq(profiles.userId, userId));
}
const ageOf = async (userId: string) =>
  (await t.app.ctx.db.select({ age: profiles.age }).from(profiles).where(eq(profiles.userId, userId)))[0]
    ?.age;

describe('ages', () => {
  it('go up on the birthday, by the daily job, and stay put on other days', async () => {
    const { member, session } = await signedInMember(t.app);
    await bornOn(member.id, '2005-12-01', 20);
    expect(await refreshAges(t.app.ctx, new Date('2026-11-30T23:59:00Z'))).toBe(0);
    expect(await refreshAges(t.app.ctx, new Date('2026-12-01T00:05:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await ageOf(member.id)).toBe(21);
    expect(await refreshAges(t.app.ctx, new Date('2026-12-01T00:06:00Z'))).toBe(0);
    // The member's next request sees it (the cached actor was dropped).
    expect((await request(t.app, 'GET', '/api/me', { session })).json().age).toBe(21);
  });

  it('in SQL follow the shared rule, 29 February included', async () => {
    const cases: [string, string][] = [
      ['2000-02-29', '2021-02-28'],
      ['2000-02-29', '2021-03-01'],
      ['2000-02-29', '2024-02-29'],
      ['2004-11-24', '2026-11-23'],
      ['2004-11-24', '2026-11-24'],
      ['1990-01-01', '2026-12-31'],
    ];
    for (const [birth, today] of cases) {
      const result = await t.app.ctx.db.execute<{ age: number }>(
        sql`select extract(year from age(${today}::date, ${birth}::date))::int as age`,
      );
      expect(Number(result.rows[0]?.age), `${birth} on ${today}`).toBe(
        ageOn(birth, new Date(`${today}T12:00:00Z`)),
      );
    }
  });

  it('that reached 21 today open the paid tiers, whatever the stored age says', async () => {
    const { member, session } = await signedInMember(t.app, { tier: 0 });
    const today = new Date();
    const birth = `${today.getUTCFullYear() - 21}-${today.toISOString().slice(5, 10)}`;
    await bornOn(member.id, birth.endsWith('02-29') ? birth.replace('02-29', '02-28') : birth, 20);
    const res = await moneyPost(t.app, '/api/subscription/checkout', session, { tier_level: 1 });
    expect(res.statusCode, res.body).toBe(200);
  });
});

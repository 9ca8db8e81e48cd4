import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { hideOnlineStatus } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { profiles } from '../../db/schema';

// A hidden online status hides the time of activity from the feed's and browse's order too
// (db/sql/copy_card_settings_to_profile.sql): the stored last_active of a hidden member is kept to the day.
const t = useTestApp();

const startOfDay = (date: Date) => new Date(`${date.toISOString().slice(0, 10)}T00:00:00.000Z`);
const lastActiveOf = async (userId: string) =>
  (
    await t.app.ctx.db.select({ at: profiles.lastActive }).from(profiles).where(eq(profiles.userId, userId))
  )[0]?.at;

describe('a hidden online status', () => {
  it('keeps the member’s last activity to the day from the moment it is hidden', async () => {
    const active = new Date(Date.now() - 5 * 60_000);
    const { member, session } = await signedInMember(t.app, { lastActive: active });
    expect((await lastActiveOf(member.id))?.getTime()).toBe(active.getTime());
    // The request itself is activity: the day kept is the day of the last activity, which is the
    // request's own when it runs just after midnight UTC (CI once ran it at 00:04).
    const before = new Date();
    const hidden = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { show_online_status: false },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const days = new Set(
      [startOfDay(active), startOfDay(before), startOfDay(new Date())].map((d) => d.getTime()),
    );
    expect([...days]).toContain((await lastActiveOf(member.id))?.getTime());
    if (days.size === 1)
      expect((await lastActiveOf(member.id))?.getTime()).toBe(startOfDay(active).getTime());
  });

  it('has the member’s requests record only the day', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const { member, session } = await signedInMember(t.app, { lastActive: threeDaysAgo });
    await hideOnlineStatus(t.app, member.id);
    expect((await lastActiveOf(member.id))?.getTime()).toBe(startOfDay(threeDaysAgo).getTime());
    // The member's first request records their activity, in the background: wait for it.
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    const today = startOfDay(new Date()).getTime();
    await expect.poll(async () => (await lastActiveOf(member.id))?.getTime(), { timeout: 3000 }).toBe(today);
  });
});

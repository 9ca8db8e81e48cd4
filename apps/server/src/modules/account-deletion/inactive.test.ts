import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { deleteAccountThroughRoute, expectAccountDeleted } from '../../../test/deletion';
import { createMember, signedInMember, signInAs, type TestMember } from '../../../test/factories';
import { fundWallet } from '../../../test/money';
import { sampleImage, uploadAs } from '../../../test/uploads';
import type { MemoryStorage } from '../../adapters/storage/memory';
import { outboxEmails, photos, profiles, sessions } from '../../db/schema';
import { deleteInactiveMembers, warnInactiveMembers } from './inactive';
import { DELETED_MEMBER_NAME } from './scrub';

// Retention of inactive profiles (issue 34, decision 053), with the clock moved: the job's `now`.
const t = useTestApp({}, { isolation: 'test' });

const DAY_MS = 86_400_000;
/** Set after the members are written, so their last activity is at or before day 0. */
let start = 0;
const startClock = () => {
  start = Date.now();
};
const day = (n: number) => new Date(start + n * DAY_MS);

const mailTo = (email: string) =>
  t.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));

const profileOf = async (member: TestMember) => {
  const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
  if (!row) throw new Error('no profile');
  return row;
};

/** Activity recorded as a request on `at` would record it (the request route runs on the real clock). */
const activeOn = (member: TestMember, at: Date) =>
  t.app.ctx.db.update(profiles).set({ lastActive: at }).where(eq(profiles.userId, member.id));

const monthDay = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

describe('inactive profile retention', () => {
  it('warns at 335 days of inactivity and not earlier, once, with the address and the deletion date', async () => {
    const member = await createMember(t.app);
    startClock();

    expect(await warnInactiveMembers(t.app.ctx, day(334))).toBe(0);
    expect(await mailTo(member.email)).toEqual([]);

    expect(await warnInactiveMembers(t.app.ctx, day(335))).toBe(1);
    const [mail, ...more] = await mailTo(member.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Royal Circle account will be deleted');
    const deletionDay = monthDay(day(365));
    expect(mail?.textBody).toContain(`will be deleted on ${deletionDay} unless you sign in`);
    expect(mail?.htmlBody).toContain(`will be deleted on ${deletionDay} unless you sign in`);
    expect(mail?.htmlBody).toContain(`href="${t.app.ctx.config.publicOrigin}"`);
    expect((await profileOf(member)).inactivityWarnedAt).toEqual(day(335));

    // Not twice for the same inactivity.
    expect(await warnInactiveMembers(t.app.ctx, day(336))).toBe(0);
    expect(await warnInactiveMembers(t.app.ctx, day(360))).toBe(0);
    expect(await mailTo(member.email)).toHaveLength(1);
  });

  it('deletes at 365 days only a member warned 30 days before, as Delete Account does', async () => {
    const { member, session } = await signedInMember(t.app, { name: 'Ottilie Vane' });
    const uploaded = await uploadAs(t.app, session, await sampleImage('jpeg'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoKeys = (await t.app.ctx.db.select().from(photos).where(eq(photos.userId, member.id)))
      .flatMap((p) => [p.keyLarge, p.keySmall, p.keyBlur, p.keyFace])
      .filter(Boolean);
    expect(photoKeys.length).toBeGreaterThan(0);
    const unwarned = await createMember(t.app);
    startClock();

    // The job first finds them late (it was not running at day 335): still 30 days of notice.
    expect(await warnInactiveMembers(t.app.ctx, day(340))).toBe(2);
    expect((await mailTo(member.email))[0]?.textBody).toContain(`deleted on ${monthDay(day(370))}`);
    // The other member's warning is lost, as if the job had never warned them.
    await t.app.ctx.db
      .update(profiles)
      .set({ inactivityWarnedAt: null })
      .where(eq(profiles.userId, unwarned.id));

    expect(await deleteInactiveMembers(t.app.ctx, day(365))).toEqual({ deleted: 0, keptForMoney: 0 });
    expect(await deleteInactiveMembers(t.app.ctx, day(369))).toEqual({ deleted: 0, keptForMoney: 0 });
    expect(await deleteInactiveMembers(t.app.ctx, day(370))).toEqual({ deleted: 1, keptForMoney: 0 });

    const gone = await profileOf(member);
    expect(gone).toMatchObject({ name: DELETED_MEMBER_NAME, onboardedAt: null, bio: null });
    const stored = (t.app.ctx.storage as MemoryStorage).keys();
    for (const key of photoKeys) expect(stored).not.toContain(key);
    // Never deleted without a warning 30 days before, however long inactive.
    expect(await deleteInactiveMembers(t.app.ctx, day(900))).toEqual({ deleted: 0, keptForMoney: 0 });
    expect((await profileOf(unwarned)).onboardedAt).not.toBeNull();
    // Only the member never warned is warned now: the deleted one is not touched again.
    expect(await warnInactiveMembers(t.app.ctx, day(900))).toBe(1);
    expect((await profileOf(member)).inactivityWarnedAt).toEqual(day(340));
    await expectAccountDeleted(t.app, member, session);
  });

  it('keeps a member who came back, and warns them afresh after a new year of absence', async () => {
    const returning = await createMember(t.app);
    // Hides their online status: a visit on the warning's day is kept as that day's midnight.
    const sameDay = await createMember(t.app);
    // Signs in and does nothing more: the session is the only trace.
    const signedInOnly = await createMember(t.app);
    startClock();
    expect(await warnInactiveMembers(t.app.ctx, day(335))).toBe(3);

    await activeOn(returning, day(340));
    const midnight = new Date(day(335));
    midnight.setUTCHours(0, 0, 0, 0);
    await activeOn(sameDay, midnight);
    await signInAs(t.app, signedInOnly);
    await t.app.ctx.db
      .update(sessions)
      .set({ updatedAt: day(350) })
      .where(eq(sessions.userId, signedInOnly.id));

    expect(await deleteInactiveMembers(t.app.ctx, day(400))).toEqual({ deleted: 0, keptForMoney: 0 });
    expect(await warnInactiveMembers(t.app.ctx, day(400))).toBe(0);

    // A new year of absence: warned again (a second e-mail), then deleted 30 days later.
    expect(await warnInactiveMembers(t.app.ctx, day(340 + 334))).toBe(1); // sameDay, unseen since day 335
    expect(await warnInactiveMembers(t.app.ctx, day(340 + 335))).toBe(1); // returning
    expect(await mailTo(returning.email)).toHaveLength(2);
    expect(await deleteInactiveMembers(t.app.ctx, day(340 + 364))).toEqual({ deleted: 1, keptForMoney: 0 });
    expect(await deleteInactiveMembers(t.app.ctx, day(340 + 365))).toEqual({ deleted: 1, keptForMoney: 0 });
    expect((await profileOf(returning)).name).toBe(DELETED_MEMBER_NAME);
    expect((await profileOf(signedInOnly)).onboardedAt).not.toBeNull();
  });

  it('keeps a member whose wallet holds money and never warns or deletes an admin', async () => {
    const saver = await createMember(t.app, { lastActive: new Date(Date.now() - 2 * DAY_MS) });
    await fundWallet(t.app, saver.id, 2_500);
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const plain = await createMember(t.app);
    startClock();

    // Batches of one: the walk goes on past the member it keeps.
    expect(await warnInactiveMembers(t.app.ctx, day(335), { batchSize: 1 })).toBe(2);
    expect(await mailTo(admin.email)).toEqual([]);
    const run = await deleteInactiveMembers(t.app.ctx, day(365), { batchSize: 1 });
    expect(run).toEqual({ deleted: 1, keptForMoney: 1 });

    expect((await profileOf(saver)).onboardedAt).not.toBeNull();
    expect((await profileOf(admin)).onboardedAt).not.toBeNull();
    expect((await profileOf(plain)).name).toBe(DELETED_MEMBER_NAME);
    // Tried again on every run, and kept again while the money is there.
    expect(await deleteInactiveMembers(t.app.ctx, day(366))).toEqual({ deleted: 0, keptForMoney: 1 });
  });

  it('leaves a member deleted through Delete Account alone', async () => {
    const { session } = await signedInMember(t.app);
    expect((await deleteAccountThroughRoute(t.app, session)).statusCode).toBe(200);
    startClock();
    expect(await warnInactiveMembers(t.app.ctx, day(400))).toBe(0);
    const mails = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${outboxEmails} where ${outboxEmails.toAddress} like 'deleted+%'`,
    );
    expect(mails.rows[0]?.n).toBe(0);
  });
});

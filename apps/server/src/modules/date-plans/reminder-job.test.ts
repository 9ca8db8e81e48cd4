import { DATE_SAFETY_TIPS, type DatePlan } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { acceptedPlanOf, couple, postAs } from '../../../test/date-plans';
import { block } from '../../../test/discovery';
import type { BusMessage } from '../../adapters/bus';
import { datePlans, notifications, safetySettings } from '../../db/schema';
import { remindDuePlans } from './reminder-job';

// The reminder an hour before a confirmed date (issue 39: safe meeting notifications), with the
// clock passed in as the jobs take it. Other tests' plans in this file's database may be reminded in
// the same runs: each test counts its own plan's notices.

const t = useTestApp();
const MINUTE = 60_000;

const startOf = (plan: DatePlan) => new Date(plan.starts_at);
const minutesBefore = (plan: DatePlan, minutes: number) =>
  new Date(startOf(plan).getTime() - minutes * MINUTE);

const remindersOf = (planId: string) =>
  t.app.ctx.db
    .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(eq(notifications.dedupeKey, `date-plan-reminder:${planId}`));

const safeMeetingNotifications = (userId: string, on: boolean) =>
  t.app.ctx.db
    .insert(safetySettings)
    .values({ userId, safeMeetingNotifications: on })
    .onConflictDoUpdate({ target: safetySettings.userId, set: { safeMeetingNotifications: on } });

describe('the reminder an hour before a date', () => {
  it('reminds both members once, of the place, the time and the safety tips, after commit', async () => {
    const c = await couple(t.app);
    const plan = await acceptedPlanOf(t.app, c);

    await remindDuePlans(t.app.ctx, minutesBefore(plan, 61));
    expect(await remindersOf(plan.id)).toEqual([]);

    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    expect(await remindDuePlans(t.app.ctx, minutesBefore(plan, 59))).toBeGreaterThanOrEqual(1);
    await t.app.ctx.units.outbox.settled();
    stop();
    const sent = await remindersOf(plan.id);
    expect(sent.map((n) => n.userId).sort()).toEqual([c.him.member.id, c.her.member.id].sort());
    const [notice] = sent;
    expect(notice?.title).toBe('Your date is coming up');
    // Nobu is in Los Angeles: its local time, and how far off it is.
    expect(notice?.message).toMatch(
      /^Your date at Nobu, 903 N La Cienega Blvd starts at \d{1,2}:\d{2} [AP]M \(in 59 minutes\)\. /,
    );
    for (const tip of DATE_SAFETY_TIPS) expect(notice?.message).toContain(tip);
    const announced = events.filter(
      (m) =>
        m.kind === 'deliver' &&
        m.event.type === 'notification.created' &&
        m.event.payload.title === 'Your date is coming up',
    );
    expect(announced.flatMap((m) => (m.kind === 'deliver' ? m.userIds : []))).toEqual(
      expect.arrayContaining([c.him.member.id, c.her.member.id]),
    );

    // Later runs, and runs at the same moment, send nothing more.
    await remindDuePlans(t.app.ctx, minutesBefore(plan, 30));
    await Promise.all(Array.from({ length: 5 }, () => remindDuePlans(t.app.ctx, minutesBefore(plan, 20))));
    expect(await remindersOf(plan.id)).toHaveLength(2);
    // The plan as members see it did not change.
    const [row] = await t.app.ctx.db.select().from(datePlans).where(eq(datePlans.id, plan.id));
    expect(row?.updatedAt.toISOString()).toBe(plan.updated_at);
    expect(row?.remindedAt).not.toBeNull();
  });

  it('sends once when runs race for the same plan', async () => {
    const c = await couple(t.app);
    const plan = await acceptedPlanOf(t.app, c);
    await Promise.all(Array.from({ length: 8 }, () => remindDuePlans(t.app.ctx, minutesBefore(plan, 45))));
    expect(await remindersOf(plan.id)).toHaveLength(2);
  });

  it('leaves out a member whose safe meeting notifications are off', async () => {
    const c = await couple(t.app);
    await safeMeetingNotifications(c.her.member.id, false);
    await safeMeetingNotifications(c.him.member.id, true);
    const plan = await acceptedPlanOf(t.app, c);
    await remindDuePlans(t.app.ctx, minutesBefore(plan, 50));
    expect((await remindersOf(plan.id)).map((n) => n.userId)).toEqual([c.him.member.id]);
    // Turning it on after the reminder went out sends nothing late.
    await safeMeetingNotifications(c.her.member.id, true);
    await remindDuePlans(t.app.ctx, minutesBefore(plan, 40));
    expect(await remindersOf(plan.id)).toHaveLength(1);
  });

  it('says nothing of a cancelled plan, a date already begun, or one across a block', async () => {
    const cancelled = await couple(t.app);
    const plan = await acceptedPlanOf(t.app, cancelled);
    expect((await postAs(t.app, cancelled.him.session, `/api/date-plans/${plan.id}/cancel`)).statusCode).toBe(
      200,
    );
    await remindDuePlans(t.app.ctx, minutesBefore(plan, 30));
    expect(await remindersOf(plan.id)).toEqual([]);

    const late = await couple(t.app);
    const begun = await acceptedPlanOf(t.app, late);
    await remindDuePlans(t.app.ctx, minutesBefore(begun, -5));
    expect(await remindersOf(begun.id)).toEqual([]);

    const blocked = await couple(t.app);
    const across = await acceptedPlanOf(t.app, blocked);
    await block(t.app, blocked.her.member.id, blocked.him.member.id);
    await remindDuePlans(t.app.ctx, minutesBefore(across, 30));
    expect(await remindersOf(across.id)).toEqual([]);
  });
});

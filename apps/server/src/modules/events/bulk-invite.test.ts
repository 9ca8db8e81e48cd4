import { randomUUID } from 'node:crypto';
import { bulkInviteReplySchema } from '@royal/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createTestEvent, placeAt } from '../../../test/event-door';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { eventBulkInviteDeliveries, eventBulkInvites, notifications, safetySettings } from '../../db/schema';
import { sendPendingBulkInvites } from './bulk-invite-job';

// Bulk Invite (issue 36): a manager invites chosen tiers; a job writes one notification per eligible
// member in batches, and a retried run writes nothing twice. Every test starts from an empty database,
// so "every member" is the test's own.

const t = useTestApp({}, { isolation: 'test' });

const invite = (session: Session | null, eventId: string, body: unknown) =>
  request(t.app, 'POST', `/api/events/${eventId}/bulk-invite`, { session, body });
const promoter = () => signedInMember(t.app, { tier: 2, roles: ['user', 'promoter'] });

async function partyInvitesOff(userId: string) {
  await t.app.ctx.db
    .update(safetySettings)
    .set({ partyInvites: false })
    .where(eq(safetySettings.userId, userId));
}

/** Each member's event notifications: member id → how many. */
async function invitationsBy(userIds: string[]) {
  const rows = await t.app.ctx.db
    .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.type, 'event')))
    .groupBy(notifications.userId);
  return Object.fromEntries(userIds.map((id) => [id, rows.find((r) => r.userId === id)?.n ?? 0]));
}

/** The cast: who should and who should not be invited to an event for tiers 2 and 3. */
async function cast(eventId: string) {
  const make = (options: MemberOptions) => createMember(t.app, options);
  const invited = [
    await make({ tier: 2 }),
    await make({ tier: 3 }),
    await make({ tier: 3 }),
    await make({ tier: 2 }),
  ];
  const optedOut = await make({ tier: 2 });
  await partyInvitesOff(optedOut.id);
  const notChosen = await make({ tier: 1 }); // chosen by the promoter, but the event does not admit tier 1
  const notAdmitted = await make({ tier: 4 }); // admitted by neither
  const going = await make({ tier: 3 });
  await placeAt(t.app, eventId, going.id);
  const notOnboarded = await make({ tier: 2, onboarded: false });
  return { invited, left: [optedOut, notChosen, notAdmitted, going, notOnboarded] };
}

describe('bulk invite', () => {
  it('notifies each eligible member once, even when the job runs again', async () => {
    const event = await createTestEvent(t.app, {
      tiers: [2, 3],
      dateTime: new Date(Date.now() + 86_400_000),
    });
    const { invited, left } = await cast(event.id);
    const sender = await promoter();

    const res = await invite(sender.session, event.id, {
      tiers: [1, 2, 3, 4],
      message: '  Join us for a night of gold.  ',
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = bulkInviteReplySchema.parse(res.json());
    expect(queued).toMatchObject({ status: 'queued', recipients: null });

    // Batches of 3 over 4 members: two transactions.
    expect(await sendPendingBulkInvites(t.app.ctx, { batchSize: 3 })).toEqual({ invites: 1, notified: 4 });
    // A retry of a run that had stopped before it marked the invitation sent: nothing is written twice.
    await t.app.ctx.db
      .update(eventBulkInvites)
      .set({ sentAt: null })
      .where(eq(eventBulkInvites.id, queued.id));
    expect(await sendPendingBulkInvites(t.app.ctx, { batchSize: 3 })).toEqual({ invites: 1, notified: 0 });
    // And a run with nothing pending does nothing.
    expect(await sendPendingBulkInvites(t.app.ctx)).toEqual({ invites: 0, notified: 0 });

    const ids = [...invited, ...left, sender.member].map((m) => m.id);
    const counts = await invitationsBy(ids);
    expect(counts).toEqual(
      Object.fromEntries(ids.map((id) => [id, invited.some((m) => m.id === id) ? 1 : 0])),
    );
    const [note] = await t.app.ctx.db
      .select({ title: notifications.title, message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.userId, invited[0]?.id ?? ''));
    expect(note).toEqual({
      title: "You're Invited: Midnight Masquerade",
      message: 'Join us for a night of gold.',
      link: `/events/${event.id}`,
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(eventBulkInvites)
      .where(eq(eventBulkInvites.id, queued.id));
    expect(row).toMatchObject({ tiers: [1, 2, 3, 4], recipients: 4, createdBy: sender.member.id });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('writes each invitation once when two runs deliver it at the same time', async () => {
    const event = await createTestEvent(t.app, {
      tiers: [2, 3],
      dateTime: new Date(Date.now() + 86_400_000),
    });
    const { invited, left } = await cast(event.id);
    const sender = await promoter();
    expect((await invite(sender.session, event.id, { tiers: [2, 3], message: 'Tonight.' })).statusCode).toBe(
      202,
    );
    const runs = await Promise.all([
      sendPendingBulkInvites(t.app.ctx, { batchSize: 2 }),
      sendPendingBulkInvites(t.app.ctx, { batchSize: 2 }),
    ]);
    expect(runs.reduce((sum, r) => sum + r.notified, 0)).toBe(4);
    const counts = await invitationsBy([...invited, ...left].map((m) => m.id));
    expect(Object.values(counts)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0]);
    const [delivered] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventBulkInviteDeliveries);
    expect(delivered?.n).toBe(4);
    const pending = await t.app.ctx.db.select().from(eventBulkInvites).where(isNull(eventBulkInvites.sentAt));
    expect(pending).toEqual([]);
  });

  it('is for admins and promoters, for an event still to come, with tiers and a message', async () => {
    const event = await createTestEvent(t.app, { dateTime: new Date(Date.now() + 86_400_000) });
    const body = { tiers: [2], message: 'Come.' };
    const member = await signedInMember(t.app, { tier: 4 });
    expect((await invite(member.session, event.id, body)).json().error.code).toBe('FORBIDDEN');
    expect((await invite(null, event.id, body)).statusCode).toBe(401);
    const sender = await promoter();
    expect((await invite(sender.session, event.id, { tiers: [], message: 'Come.' })).statusCode).toBe(400);
    expect((await invite(sender.session, event.id, { tiers: [2], message: ' ' })).statusCode).toBe(400);
    expect((await invite(sender.session, event.id, { tiers: [0], message: 'Come.' })).statusCode).toBe(400);
    expect((await invite(sender.session, randomUUID(), body)).json().error.code).toBe('EVENT_NOT_FOUND');
    const cancelled = await createTestEvent(t.app, {
      status: 'cancelled',
      dateTime: new Date(Date.now() + 86_400_000),
    });
    const closed = await invite(sender.session, cancelled.id, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('EVENT_CLOSED');
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    expect((await invite(admin.session, event.id, body)).statusCode).toBe(202);
  });
});

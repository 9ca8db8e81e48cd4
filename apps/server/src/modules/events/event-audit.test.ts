import { type EventBody, eventCardSchema, instantToLocal } from '@royal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { upload } from '../../../test/uploads';
import { auditLog } from '../../db/schema';

// Issue 37: every manager's event write (create, edit, cancel, delete, photos, bulk invite) leaves an
// audit row in its own transaction: who, what, on which event, the changed fields, from where.

const t = useTestApp({}, { build: { classifier: { name: 'scripted', safeProbability: async () => 0.99 } } });

const IN_A_WEEK = instantToLocal(new Date(Date.now() + 7 * 86_400_000), 'America/New_York').date;
const FORM: EventBody = {
  name: 'Audited Soirée',
  description: 'Strings and candlelight',
  venue: 'The Ledger Room',
  address: '1 Audit Lane',
  city: 'Miami, FL',
  date: IN_A_WEEK,
  time: '21:00',
  tiers_required: [2, 3],
  max_guests: 40,
};

async function eventAudit(eventId: string) {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'event'), eq(auditLog.targetId, eventId)))
    .orderBy(asc(auditLog.id));
}

async function createdBy(session: Session) {
  const res = await request(t.app, 'POST', '/api/events', { session, body: FORM });
  expect(res.statusCode, res.body).toBe(201);
  return eventCardSchema.parse(res.json()).id;
}

describe('event audit rows', () => {
  it('records a promoter’s create, edit and cancel with the changed fields and the address', async () => {
    const { session, member } = await signedInMember(t.app, { roles: ['user', 'promoter'] });
    const id = await createdBy(session);
    const edit = { ...FORM, name: 'Audited Gala', max_guests: 60 };
    expect((await request(t.app, 'PATCH', `/api/events/${id}`, { session, body: edit })).statusCode).toBe(
      200,
    );
    // The same form again changes nothing, so nothing is recorded.
    expect((await request(t.app, 'PATCH', `/api/events/${id}`, { session, body: edit })).statusCode).toBe(
      200,
    );
    const cancel = { ...edit, cancelled: true };
    expect((await request(t.app, 'PATCH', `/api/events/${id}`, { session, body: cancel })).statusCode).toBe(
      200,
    );

    const rows = await eventAudit(id);
    expect(rows.map((r) => r.action)).toEqual(['event.create', 'event.update', 'event.cancel']);
    for (const row of rows) {
      expect(row.actorId).toBe(member.id);
      expect(row.ip).toBe('127.0.0.1');
    }
    expect(rows[0]?.data).toMatchObject({
      after: { name: 'Audited Soirée', city: 'Miami, FL', tiers_required: [2, 3], max_guests: 40 },
    });
    expect(rows[1]?.data).toEqual({
      reason_code: 'manager_action',
      before: { name: 'Audited Soirée', max_guests: 40 },
      after: { name: 'Audited Gala', max_guests: 60 },
    });
    expect(rows[2]?.data).toMatchObject({ before: { status: 'upcoming' }, after: { status: 'cancelled' } });
  });

  it('records an admin’s delete with what the event was', async () => {
    const { session, member } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const id = await createdBy(session);
    expect((await request(t.app, 'DELETE', `/api/events/${id}`, { session })).statusCode).toBe(204);
    const rows = await eventAudit(id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['event.create', member.id],
      ['event.delete', member.id],
    ]);
    expect(rows[1]?.data).toMatchObject({ before: { name: 'Audited Soirée', guests_count: 0 } });
  });

  it('records photos added and removed, and a bulk invite', async () => {
    const { session, member } = await signedInMember(t.app, { roles: ['user', 'promoter'] });
    const id = await createdBy(session);
    const added = await upload(
      t.app,
      `/api/events/${id}/photos`,
      session,
      {},
      { file: { data: await plainJpeg(120, 90), filename: 'party.jpg', type: 'image/jpeg' } },
    );
    expect(added.statusCode, added.body).toBe(201);
    const photoId = added.json().photos[0].id as string;
    const removed = await request(t.app, 'DELETE', `/api/events/${id}/photos/${photoId}`, { session });
    expect(removed.statusCode).toBe(200);
    const invited = await request(t.app, 'POST', `/api/events/${id}/bulk-invite`, {
      session,
      body: { tiers: [3, 2], message: 'Join us' },
    });
    expect(invited.statusCode).toBe(202);

    const rows = (await eventAudit(id)).slice(1);
    expect(rows.map((r) => r.action)).toEqual(['event.photo_add', 'event.photo_remove', 'event.bulk_invite']);
    expect(rows.every((r) => r.actorId === member.id && r.ip === '127.0.0.1')).toBe(true);
    expect(rows[0]?.data).toMatchObject({ after: { photo_id: photoId, position: 0 } });
    expect(rows[1]?.data).toMatchObject({ before: { photo_id: photoId } });
    expect(rows[2]?.data).toMatchObject({
      after: { invite_id: invited.json().id, tiers: [2, 3], message: 'Join us' },
    });
  });

  it('writes nothing for a refused change', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'promoter'] });
    const id = await createdBy(session);
    const member = await signedInMember(t.app, { tier: 4 });
    const res = await request(t.app, 'DELETE', `/api/events/${id}`, { session: member.session });
    expect(res.statusCode).toBe(403);
    expect((await eventAudit(id)).map((r) => r.action)).toEqual(['event.create']);
  });
});

import { randomUUID } from 'node:crypto';
import {
  WAITLIST_ALREADY_PENDING_TEXT,
  WAITLIST_MIN_FILL_MS,
  WAITLIST_NOT_TAKEN_TEXT,
  WAITLIST_SUBMITTED_TEXT,
  waitlistApplicationSchema,
  waitlistPageSchema,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { invites, outboxEmails, waitlist } from '../../db/schema';

// The waitlist (issue 35): applications from signed-out visitors, and the admins' decisions.
const t = useTestApp({}, { isolation: 'test' });

const email = () => `applicant-${randomUUID().slice(0, 8)}@example.test`;
const application = (overrides: object = {}) => ({
  full_name: 'Amara Okafor',
  email: email(),
  reason: 'Discreet, serious and looking for the same.',
  city: 'Miami, FL',
  fill_ms: 12_000,
  ...overrides,
});
const apply = (body: object) => request(t.app, 'POST', '/api/waitlist', { body });
const admin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
const list = (session: Session | null, query = '') =>
  request(t.app, 'GET', `/api/admin/waitlist${query}`, { session });
const decide = (session: Session | null, id: string, verb: 'approve' | 'decline') =>
  request(t.app, 'POST', `/api/admin/waitlist/${id}/${verb}`, { session });

describe('applying to the waitlist', () => {
  it('stores a pending application and answers with the spec’s text', async () => {
    const body = application({ email: '  Amara@Example.TEST ', referral_code: ' rc-abc ' });
    const res = await apply(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: WAITLIST_SUBMITTED_TEXT });
    const rows = await t.app.ctx.db.select().from(waitlist);
    expect(rows).toMatchObject([
      {
        fullName: 'Amara Okafor',
        email: 'amara@example.test',
        city: 'Miami, FL',
        referralCode: 'RC-ABC',
        status: 'pending',
      },
    ]);
  });

  it('refuses bad input: a missing field, a bad e-mail, a city not on the list, a reason too long', async () => {
    for (const body of [
      application({ full_name: '   ' }),
      application({ email: 'not-an-email' }),
      application({ city: 'Paris, FR' }),
      application({ reason: 'x'.repeat(1001) }),
      application({ fill_ms: undefined }),
    ]) {
      const res = await apply(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await t.app.ctx.db.select().from(waitlist)).toEqual([]);
  });

  it('takes one pending application per e-mail, however it is written, even sent at once', async () => {
    const address = email();
    const sent = await Promise.all(
      [address, address.toUpperCase(), address].map((e) => apply(application({ email: e }))),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = sent.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toEqual({
      code: 'ALREADY_ON_WAITLIST',
      message: WAITLIST_ALREADY_PENDING_TEXT,
    });
    expect(await t.app.ctx.db.select().from(waitlist)).toHaveLength(1);
  });

  it('lets a declined applicant apply again', async () => {
    const address = email();
    await apply(application({ email: address }));
    const [row] = await t.app.ctx.db.select().from(waitlist);
    if (!row) throw new Error('no application');
    expect((await decide((await admin()).session, row.id, 'decline')).statusCode).toBe(200);
    expect((await apply(application({ email: address }))).statusCode).toBe(201);
  });

  it('refuses a filled honeypot and a form sent too fast with the same generic text, storing nothing', async () => {
    for (const body of [
      application({ website: 'http://spam.example' }),
      application({ fill_ms: WAITLIST_MIN_FILL_MS - 1 }),
      application({ fill_ms: 0 }),
    ]) {
      const res = await apply(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: WAITLIST_NOT_TAKEN_TEXT });
    }
    expect(await t.app.ctx.db.select().from(waitlist)).toEqual([]);
    expect((await apply(application({ website: '', fill_ms: WAITLIST_MIN_FILL_MS }))).statusCode).toBe(201);
  });
});

describe('the admins’ decisions', () => {
  it('lists applications newest first, page by page, and by status', async () => {
    for (let i = 0; i < 3; i++) await apply(application({ full_name: `Applicant ${i}` }));
    const session = (await admin()).session;
    const first = await list(session, '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = waitlistPageSchema.parse(first.json());
    expect(page1.items.map((a) => a.full_name)).toEqual(['Applicant 2', 'Applicant 1']);
    const page2 = waitlistPageSchema.parse(
      (await list(session, `?limit=2&cursor=${page1.next_cursor}`)).json(),
    );
    expect(page2.items.map((a) => a.full_name)).toEqual(['Applicant 0']);
    expect(page2.next_cursor).toBeNull();
    const id = page1.items[0]?.id ?? '';
    await decide(session, id, 'decline');
    const pending = waitlistPageSchema.parse((await list(session, '?status=pending')).json());
    expect(pending.items.map((a) => a.full_name)).toEqual(['Applicant 1', 'Applicant 0']);
    // The queue: pending applications, whoever applied first at the top, page by page.
    const queue = '?status=pending&order=oldest&limit=1';
    const oldest = waitlistPageSchema.parse((await list(session, queue)).json());
    expect(oldest.items.map((a) => a.full_name)).toEqual(['Applicant 0']);
    const next = waitlistPageSchema.parse(
      (await list(session, `${queue}&cursor=${oldest.next_cursor}`)).json(),
    );
    expect(next.items.map((a) => a.full_name)).toEqual(['Applicant 1']);
    expect(next.next_cursor).toBeNull();
  });

  it('refuses signed-out callers, members and the highest tier without the admin role', async () => {
    await apply(application());
    const [row] = await t.app.ctx.db.select().from(waitlist);
    const id = row?.id ?? '';
    const member = await signedInMember(t.app, { tier: 1 });
    const vault = await signedInMember(t.app, { tier: 4 });
    expect((await list(null)).statusCode).toBe(401);
    for (const session of [member.session, vault.session]) {
      expect((await list(session)).statusCode).toBe(403);
      expect((await decide(session, id, 'approve')).statusCode).toBe(403);
      expect((await decide(session, id, 'decline')).statusCode).toBe(403);
    }
    expect(await t.app.ctx.db.select().from(invites)).toEqual([]);
    expect((await t.app.ctx.db.select().from(waitlist))[0]?.status).toBe('pending');
  });

  it('approving e-mails a single-use invite code that expires in 14 days; a second decision is refused', async () => {
    const address = email();
    await apply(application({ email: address, full_name: 'Noor Haddad' }));
    const [row] = await t.app.ctx.db.select().from(waitlist);
    const a = await admin();
    const res = await decide(a.session, row?.id ?? '', 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(waitlistApplicationSchema.parse(res.json())).toMatchObject({ status: 'approved' });

    const [invite] = await t.app.ctx.db
      .select()
      .from(invites)
      .where(eq(invites.waitlistId, row?.id ?? ''));
    expect(invite).toMatchObject({ email: address, inviterId: a.member.id, usedBy: null });
    expect(invite?.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const days = ((invite?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);

    const mails = await t.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(invite?.code ?? '?');
    expect(mails[0]?.textBody).toContain(`/signin?invite=${invite?.code}`);
    expect(mails[0]?.htmlBody).toContain(invite?.code ?? '?');

    expect((await decide(a.session, row?.id ?? '', 'approve')).statusCode).toBe(409);
    expect((await decide(a.session, row?.id ?? '', 'decline')).statusCode).toBe(409);
    expect((await decide(a.session, randomUUID(), 'approve')).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(invites)).toHaveLength(1);
  });
});

describe('the per-address limit', () => {
  it('refuses the address past its applications per hour', async () => {
    const started = await startTestApp({
      rateLimits: { ...t.app.ctx.config.rateLimits, waitlistPerAddressPerHour: 2 },
    });
    try {
      const send = () => request(started.app, 'POST', '/api/waitlist', { body: application() });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('RATE_LIMITED');
    } finally {
      await started.dispose();
    }
  });
});

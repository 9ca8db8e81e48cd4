import { randomUUID } from 'node:crypto';
import {
  SUPPORT_MESSAGE_TOO_LONG_TEXT,
  SUPPORT_MESSAGE_TOO_SHORT_TEXT,
  SUPPORT_OPEN_LIMIT_TEXT,
  SUPPORT_OPEN_REQUESTS_MAX,
  SUPPORT_TOPIC_REQUIRED_TEXT,
  supportRequestSchema,
  supportRequestsPageSchema,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { supportRequests } from '../../db/schema';

// Support requests (issue 34): the Help dialog's Contact Support and Report an Issue, and the admins' list.
// Each test starts from an empty database, so the admins' list holds only what the test filed.
const t = useTestApp({}, { isolation: 'test' });

const file = (session: Session | null, body: object) =>
  request(t.app, 'POST', '/api/support-requests', { session, body });
const queue = (session: Session | null, query = '') =>
  request(t.app, 'GET', `/api/admin/support-requests${query}`, { session });
const close = (session: Session | null, id: string) =>
  request(t.app, 'POST', `/api/admin/support-requests/${id}/close`, { session });
const admin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });

describe('filing a support request', () => {
  it('files the trimmed message as an open request, which the admins then read with who asked', async () => {
    const me = await signedInMember(t.app, { tier: 1, name: 'Giulia' });
    const res = await file(me.session, { topic: 'wallet', message: '  My deposit has not arrived yet.  ' });
    expect(res.statusCode, res.body).toBe(201);
    const filed = supportRequestSchema.parse(res.json());
    expect(filed).toMatchObject({ topic: 'wallet', status: 'open' });

    const [row] = await t.app.ctx.db.select().from(supportRequests).where(eq(supportRequests.id, filed.id));
    expect(row).toMatchObject({ userId: me.member.id, message: 'My deposit has not arrived yet.' });

    const list = await queue((await admin()).session);
    expect(list.statusCode, list.body).toBe(200);
    expect(supportRequestsPageSchema.parse(list.json()).items).toEqual([
      {
        ...filed,
        message: 'My deposit has not arrived yet.',
        member: { id: me.member.id, name: 'Giulia' },
      },
    ]);
  });

  it('refuses bad input with the shared schema’s own words', async () => {
    const me = await signedInMember(t.app);
    for (const [body, message] of [
      [{ topic: 'bug', message: 'Too short' }, SUPPORT_MESSAGE_TOO_SHORT_TEXT],
      [{ topic: 'bug', message: `   ${'\u200b'.repeat(12)}   ` }, SUPPORT_MESSAGE_TOO_SHORT_TEXT],
      [{ topic: 'bug', message: 'x'.repeat(2001) }, SUPPORT_MESSAGE_TOO_LONG_TEXT],
      [{ topic: 'complaints', message: 'The app froze on the deck' }, SUPPORT_TOPIC_REQUIRED_TEXT],
      [{ message: 'The app froze on the deck' }, SUPPORT_TOPIC_REQUIRED_TEXT],
    ] as const) {
      const res = await file(me.session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await t.app.ctx.db.select().from(supportRequests)).toEqual([]);
  });

  it('refuses a signed-out caller', async () => {
    const res = await file(null, { topic: 'other', message: 'Can I change my e-mail address?' });
    expect(res.statusCode).toBe(401);
  });

  it(`takes at most ${SUPPORT_OPEN_REQUESTS_MAX} open requests per member, even sent at once; a closed one frees a place`, async () => {
    const me = await signedInMember(t.app);
    const other = await signedInMember(t.app);
    const body = { topic: 'bug', message: 'The chat does not scroll to the newest message.' };

    const sent = await Promise.all(
      Array.from({ length: SUPPORT_OPEN_REQUESTS_MAX + 2 }, () => file(me.session, body)),
    );
    const statuses = sent.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(SUPPORT_OPEN_REQUESTS_MAX).fill(201), 409, 409]);
    const refused = sent.find((res) => res.statusCode === 409);
    expect(refused?.json().error).toEqual({ code: 'CONFLICT', message: SUPPORT_OPEN_LIMIT_TEXT });

    // Another member's requests are their own count.
    expect((await file(other.session, body)).statusCode).toBe(201);

    const { session: adminSession } = await admin();
    const first = sent.find((res) => res.statusCode === 201)?.json().id as string;
    const closed = await close(adminSession, first);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect((await file(me.session, body)).statusCode).toBe(201);
    expect((await file(me.session, body)).statusCode).toBe(409);
  });
});

describe('the admins’ list of support requests', () => {
  it('lists every member’s requests newest first, a page at a time', async () => {
    const ana = await signedInMember(t.app, { name: 'Ana' });
    const bea = await signedInMember(t.app, { name: 'Bea' });
    for (const [member, message] of [
      [ana, 'First: how do I verify?'],
      [bea, 'Second: my plan renewed twice'],
      [ana, 'Third: a member asked me for money'],
    ] as const) {
      expect((await file(member.session, { topic: 'other', message })).statusCode).toBe(201);
      // Distinct times, so "newest first" has one answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { session } = await admin();
    const page1 = supportRequestsPageSchema.parse((await queue(session, '?limit=2')).json());
    expect(page1.items.map((item) => [item.member.name, item.message])).toEqual([
      ['Ana', 'Third: a member asked me for money'],
      ['Bea', 'Second: my plan renewed twice'],
    ]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = supportRequestsPageSchema.parse(
      (await queue(session, `?limit=2&cursor=${encodeURIComponent(page1.next_cursor ?? '')}`)).json(),
    );
    expect(page2.items.map((item) => item.message)).toEqual(['First: how do I verify?']);
    expect(page2.next_cursor).toBeNull();
  });

  it('lists the open requests as a queue, oldest first, a page at a time; a closed one leaves it', async () => {
    const ana = await signedInMember(t.app, { name: 'Ana' });
    const ids: string[] = [];
    for (const message of ['First: how do I verify?', 'Second: my plan renewed', 'Third: a refund?']) {
      ids.push(supportRequestSchema.parse((await file(ana.session, { topic: 'other', message })).json()).id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { session } = await admin();
    expect((await close(session, ids[0] as string)).statusCode).toBe(200);
    const open = '?status=open&order=oldest&limit=1';
    const page1 = supportRequestsPageSchema.parse((await queue(session, open)).json());
    expect(page1.items.map((item) => item.message)).toEqual(['Second: my plan renewed']);
    const page2 = supportRequestsPageSchema.parse(
      (await queue(session, `${open}&cursor=${encodeURIComponent(page1.next_cursor ?? '')}`)).json(),
    );
    expect(page2.items.map((item) => item.message)).toEqual(['Third: a refund?']);
    expect(page2.next_cursor).toBeNull();
    const closed = supportRequestsPageSchema.parse((await queue(session, '?status=closed')).json());
    expect(closed.items.map((item) => item.id)).toEqual([ids[0]]);
    for (const query of ['?status=answered', '?order=random'])
      expect((await queue(session, query)).statusCode, query).toBe(400);
  });

  it('is for admins only, and refuses a cursor it did not make', async () => {
    const member = await signedInMember(t.app, { tier: 4 });
    expect((await queue(null)).statusCode).toBe(401);
    const forbidden = await queue(member.session);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await close(member.session, randomUUID())).statusCode).toBe(403);

    const { session } = await admin();
    const bad = await queue(session, '?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid cursor');
    expect((await close(session, randomUUID())).statusCode).toBe(404);
  });
});

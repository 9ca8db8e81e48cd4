import { randomUUID } from 'node:crypto';
import { auditPageSchema } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember, signInAs } from '../../../test/factories';
import { pgErrorCode } from '../../db/errors';
import { auditLog } from '../../db/schema';
import { writeAudit } from '../../lib/audit';

// The audit trail (issue 37): append-only in the database, read by admins filtered by admin, member
// and action. Each test starts from an empty database.
const t = useTestApp({}, { isolation: 'test' });

const admin = (name = 'Ada Admin') => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'], name });
const audit = (session: Session | null, query = '') =>
  request(t.app, 'GET', `/api/admin/audit${query}`, { session });

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe('the audit trail', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of its rows in the database', async () => {
    const db = t.app.ctx.db;
    await writeAudit(db, {
      actorId: null,
      action: 'test_action',
      reasonCode: 'test',
      targetType: 'user',
      targetId: randomUUID(),
    });
    const [row] = await db.select().from(auditLog);
    expect(row).toBeDefined();
    const id = row?.id as number;

    const updated = await failureOf(() =>
      db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id)),
    );
    expect(pgErrorCode(updated)).toBe('23000');
    expect(String((updated as { cause?: unknown }).cause ?? updated)).toMatch(/audit_log is append-only/);
    const deleted = await failureOf(() => db.delete(auditLog).where(eq(auditLog.id, id)));
    expect(pgErrorCode(deleted)).toBe('23000');
    expect(pgErrorCode(await failureOf(() => db.execute(sql`truncate audit_log`)))).toBe('23000');
    // Nor through a raw statement on the table as a whole.
    expect(pgErrorCode(await failureOf(() => db.execute(sql`delete from audit_log`)))).toBe('23000');

    expect(await db.select().from(auditLog)).toEqual([row]);
  });

  it('is read by admins newest first, filtered by admin, member and action, with names, before → after and the address', async () => {
    const ada = await admin('Ada Admin');
    const bea = await admin('Bea Boss');
    const vera = await createMember(t.app, { tier: 1, name: 'Vera' });
    const walt = await createMember(t.app, { tier: 1, name: 'Walt' });
    const change = (who: Session, id: string, body: object) =>
      request(t.app, 'PATCH', `/api/admin/members/${id}`, { session: who, body });
    expect((await change(ada.session, vera.id, { tier_level: 2 })).statusCode).toBe(200);
    expect((await change(bea.session, vera.id, { verified: true })).statusCode).toBe(200);
    expect((await change(bea.session, walt.id, { tier_level: 4 })).statusCode).toBe(200);

    const all = auditPageSchema.parse((await audit(bea.session)).json());
    expect(all.items.map((e) => [e.action, e.actor?.name, e.target.name])).toEqual([
      ['member_tier_change', 'Bea Boss', 'Walt'],
      ['member_verified_change', 'Bea Boss', 'Vera'],
      ['member_tier_change', 'Ada Admin', 'Vera'],
    ]);
    expect(all.items[2]).toMatchObject({
      actor: { id: ada.member.id, name: 'Ada Admin' },
      target: { type: 'user', id: vera.id, name: 'Vera' },
      before: { tier_level: 1 },
      after: { tier_level: 2, tier_subscription_active: true },
      reason: 'admin_set',
      ip: '127.0.0.1',
    });

    const actions = async (query: string) =>
      auditPageSchema.parse((await audit(ada.session, query)).json()).items.map((e) => e.action);
    expect(await actions(`?actor_id=${ada.member.id}`)).toEqual(['member_tier_change']);
    expect(await actions(`?target_id=${vera.id}`)).toEqual(['member_verified_change', 'member_tier_change']);
    expect(await actions('?action=member_verified_change')).toEqual(['member_verified_change']);
    expect(await actions(`?actor_id=${bea.member.id}&action=member_tier_change`)).toEqual([
      'member_tier_change',
    ]);

    const first = auditPageSchema.parse((await audit(ada.session, '?limit=2')).json());
    expect(first.items).toHaveLength(2);
    const rest = auditPageSchema.parse(
      (await audit(ada.session, `?limit=2&cursor=${first.next_cursor}`)).json(),
    );
    expect(rest.items.map((e) => e.target.name)).toEqual(['Vera']);
    expect(rest.next_cursor).toBeNull();

    for (const query of ['?actor_id=nope', '?action=DROP%20TABLE', '?cursor=zzz'])
      expect((await audit(ada.session, query)).statusCode, query).toBe(400);
  });

  it('is refused to anyone but an admin with a second factor confirmed in this session', async () => {
    expect((await audit(null)).statusCode).toBe(401);
    for (const tier of [0, 1, 2, 3, 4] as const) {
      const res = await audit((await signedInMember(t.app, { tier })).session);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const promoter = await audit((await signedInMember(t.app, { roles: ['user', 'promoter'] })).session);
    expect(promoter.json().error.code).toBe('FORBIDDEN');
    const enrolled = await createMember(t.app, { roles: ['user', 'admin'] });
    const unconfirmed = await audit(await signInAs(t.app, enrolled, undefined, { secondFactor: false }));
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error.code).toBe('SECOND_FACTOR_UNCONFIRMED');
    const bare = await createMember(t.app, { roles: ['user', 'admin'], secondFactor: false });
    expect((await audit(await signInAs(t.app, bare))).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  });
});

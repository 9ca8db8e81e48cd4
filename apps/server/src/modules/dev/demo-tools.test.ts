import { migrationResultSchema, sampleProfilesResultSchema } from '@royal/shared';
import { and, count, eq, inArray, like, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember, signInAs } from '../../../test/factories';
import { auditLog, photos, users } from '../../db/schema';

// The admins' demo tools (issue 37): /migration writes the seed's 50 sample members plus the
// ambassador, skipping those present; Create Sample Profiles writes new ones. Demo mode and admins
// with a second factor only; one audit row per member, in the member's transaction.

const MIGRATION = '/api/admin/dev/migration';
const SAMPLES = '/api/admin/dev/sample-profiles';
const SEED_MEMBERS = like(users.email, '%@members.royalcircle.test');

const adminSession = async (app: Parameters<typeof signedInMember>[0]) =>
  (await signedInMember(app, { roles: ['user', 'admin'] })).session;

describe('demo tools in demo mode', () => {
  const t = useTestApp({ demoMode: true });
  const db = () => t.app.ctx.db;

  async function seededMembers() {
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(or(SEED_MEMBERS, eq(users.email, 'vault@royalcircle.test')));
    return row?.n ?? 0;
  }

  async function auditRows(action: string, actorId: string) {
    return db()
      .select({ targetId: auditLog.targetId, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)));
  }

  it('migrates the 50 sample members plus the ambassador once, then skips them', async () => {
    const session = await adminSession(t.app);
    const first = await request(t.app, 'POST', MIGRATION, { session, body: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(migrationResultSchema.parse(first.json())).toEqual({ migrated: 51, failed: 0, skipped: 0 });
    expect(await seededMembers()).toBe(51);
    const audited = await auditRows('dev.migration_member', session.userId);
    expect(audited).toHaveLength(51);
    expect(audited.every((r) => r.ip === '127.0.0.1')).toBe(true);
    // Written through the seed: with its drawn photos.
    const ids = audited.map((r) => r.targetId ?? '');
    const [withPhotos] = await db().select({ n: count() }).from(photos).where(inArray(photos.userId, ids));
    expect(withPhotos?.n).toBeGreaterThanOrEqual(51 * 2);

    const again = await request(t.app, 'POST', MIGRATION, { session, body: {} });
    expect(again.json()).toEqual({ migrated: 0, failed: 0, skipped: 51 });
    expect(await seededMembers()).toBe(51);
    expect(await auditRows('dev.migration_member', session.userId)).toHaveLength(51);
  }, 240_000);

  it('creates new sample members on every click', async () => {
    const session = await adminSession(t.app);
    const before = await seededMembers();
    const first = await request(t.app, 'POST', SAMPLES, { session, body: { count: 3 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(sampleProfilesResultSchema.parse(first.json())).toEqual({ created: 3, failed: 0 });
    const second = await request(t.app, 'POST', SAMPLES, { session, body: { count: 2 } });
    expect(second.json()).toEqual({ created: 2, failed: 0 });
    expect(await seededMembers()).toBe(before + 5);
    expect(await auditRows('dev.sample_profile', session.userId)).toHaveLength(5);
  }, 120_000);

  it('tells admins the tools are available', async () => {
    const res = await request(t.app, 'GET', '/api/admin/dev/status', { session: await adminSession(t.app) });
    expect(res.json()).toEqual({ demo_mode: true });
  });

  it('refuses members, promoters, signed-out callers and admins without a second factor', async () => {
    const member = (await signedInMember(t.app, { tier: 4 })).session;
    const promoter = (await signedInMember(t.app, { roles: ['user', 'promoter'] })).session;
    const unconfirmed = await signInAs(
      t.app,
      await createMember(t.app, { roles: ['user', 'admin'] }),
      undefined,
      {
        secondFactor: false,
      },
    );
    const cases: [Session | null, number, string][] = [
      [null, 401, 'UNAUTHENTICATED'],
      [member, 403, 'FORBIDDEN'],
      [promoter, 403, 'FORBIDDEN'],
      [unconfirmed, 403, 'SECOND_FACTOR_UNCONFIRMED'],
    ];
    for (const [session, status, code] of cases) {
      for (const [method, url] of [
        ['POST', MIGRATION],
        ['POST', SAMPLES],
        ['GET', '/api/admin/dev/status'],
      ] as const) {
        const res = await request(t.app, method, url, { session, body: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url} ${code}`).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
    }
  });

  it('refuses a bodiless call and a count out of range', async () => {
    const session = await adminSession(t.app);
    for (const [url, body] of [
      [MIGRATION, undefined],
      [SAMPLES, undefined],
      [SAMPLES, { count: 0 }],
      [SAMPLES, { count: 26 }],
    ] as const) {
      const res = await request(t.app, 'POST', url, { session, body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('demo tools outside demo mode', () => {
  const live = useTestApp({ demoMode: false });

  it('refuse admins with DEMO_MODE_REQUIRED and write nothing', async () => {
    const session = await adminSession(live.app);
    for (const [url, body] of [
      [MIGRATION, {}],
      [SAMPLES, { count: 2 }],
    ] as const) {
      const res = await request(live.app, 'POST', url, { session, body });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('DEMO_MODE_REQUIRED');
    }
    const [row] = await live.app.ctx.db.select({ n: count() }).from(users).where(SEED_MEMBERS);
    expect(row?.n).toBe(0);
    const status = await request(live.app, 'GET', '/api/admin/dev/status', { session });
    expect(status.json()).toEqual({ demo_mode: false });
  });
});

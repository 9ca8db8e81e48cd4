import {
  ADMIN_MEMBER_SORTS,
  type AdminMemberSort,
  adminMembersPageSchema,
  adminMembersQuerySchema,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createMember, signedInMember } from '../../../test/factories';
import { profiles, users } from '../../db/schema';
import { memberPageStatement } from './queries';

// The Users tab's sortable columns (issue 37): every order pages exactly (no row twice, none
// skipped, ties included), and each is walked by an index rather than sorted whole.
const t = useTestApp({}, { isolation: 'test' });

const admin = () => signedInMember(t.app, { tier: 0, roles: ['user', 'admin'], name: 'zed admin' });

/** Every name of the list in `sort`'s order, read `limit` rows a page through the cursors. */
async function allPages(session: Session, sort: string, limit = 2, filter = '') {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const query: string = `?sort=${sort}&limit=${limit}${filter}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await request(t.app, 'GET', `/api/admin/members${query}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    const body = adminMembersPageSchema.parse(res.json());
    seen.push(...body.items.map((m) => m.name));
    cursor = body.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the cursor never ended');
}

const day = (d: string) => new Date(`${d}T12:00:00.123456Z`);

/**
 * Five members besides the admin, with ties on purpose: two join at the same microsecond, two share
 * a name but for its case, two were last active at the same moment.
 */
async function seed(adminId: string) {
  const rows = [
    { name: 'bea', tier: 2, joined: '2026-02-01', active: '2026-05-03' },
    { name: 'Anna', tier: 4, joined: '2026-01-01', active: '2026-05-01' },
    { name: 'Carl', tier: 2, joined: '2026-03-01', active: '2026-05-03' },
    { name: 'carl', tier: 0, joined: '2026-03-01', active: '2026-05-02' },
    { name: 'Dora', tier: 4, joined: '2026-04-01', active: '2026-05-04' },
  ] as const;
  const db = t.app.ctx.db;
  const ids: Record<string, string> = {};
  for (const row of rows) {
    const member = await createMember(t.app, { name: row.name, tier: row.tier });
    ids[row.name] = member.id;
    await db
      .update(users)
      .set({ createdAt: day(row.joined) })
      .where(eq(users.id, member.id));
    await db
      .update(profiles)
      .set({ lastActive: day(row.active) })
      .where(eq(profiles.userId, member.id));
  }
  await db
    .update(users)
    .set({ createdAt: day('2026-04-15') })
    .where(eq(users.id, adminId));
  return ids;
}

/** Two members equal in the sort's column come in id order, the sort's way. */
const byId = (ids: Record<string, string>, a: string, b: string, direction: 'asc' | 'desc') => {
  const first = (ids[a] ?? '') < (ids[b] ?? '') === (direction === 'asc') ? a : b;
  return first === a ? [a, b] : [b, a];
};

describe('sorting the member list', () => {
  it('pages every order exactly, ties broken by id, each _asc the exact reverse of its _desc', async () => {
    const { session, member } = await admin();
    const ids = await seed(member.id);
    const descending: Record<string, string[]> = {
      joined: ['zed admin', 'Dora', ...byId(ids, 'Carl', 'carl', 'desc'), 'bea', 'Anna'],
      // Case-insensitive: 'bea' between Anna and Carl, the two Carls by id.
      name: ['zed admin', 'Dora', ...byId(ids, 'Carl', 'carl', 'desc'), 'bea', 'Anna'],
      // The admin's own requests make them the most recently active.
      last_active: ['zed admin', 'Dora', ...byId(ids, 'bea', 'Carl', 'desc'), 'carl', 'Anna'],
      // Tier, then name, the same way.
      tier: ['Dora', 'Anna', 'Carl', 'bea', 'zed admin', 'carl'],
    };
    for (const [column, names] of Object.entries(descending)) {
      // Page sizes that end a page inside a tie, and on the last row.
      expect(await allPages(session, `${column}_desc`, 2), column).toEqual(names);
      expect(await allPages(session, `${column}_asc`, 1), column).toEqual([...names].reverse());
      expect(await allPages(session, `${column}_asc`, 3), column).toEqual([...names].reverse());
    }
    // With a filter: the tier 2 members by name.
    expect(await allPages(session, 'name_desc', 1, '&tier=2')).toEqual(['Carl', 'bea']);
  });

  it('ranks by last activity only members who finished onboarding', async () => {
    const { session, member } = await admin();
    await seed(member.id);
    await createMember(t.app, { name: 'Midway', onboarded: false });
    expect(await allPages(session, 'joined_desc', 10)).toContain('Midway');
    expect(await allPages(session, 'last_active_desc', 10)).not.toContain('Midway');
  });

  it('refuses an unknown sort, and a cursor from another order or forged', async () => {
    const { session, member } = await admin();
    await seed(member.id);
    const first = await request(t.app, 'GET', '/api/admin/members?sort=name_asc&limit=2', { session });
    const cursor = adminMembersPageSchema.parse(first.json()).next_cursor;
    expect(cursor).not.toBeNull();
    const forged = Buffer.from(JSON.stringify({ s: 'tier_asc', k: [9, 'x'], id: member.id })).toString(
      'base64url',
    );
    for (const query of [
      '?sort=age_desc',
      '?sort=name',
      `?sort=joined_desc&cursor=${cursor}`,
      `?cursor=${cursor}`,
      `?sort=tier_asc&cursor=${forged}`,
    ]) {
      const res = await request(t.app, 'GET', `/api/admin/members${query}`, { session });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
    }
    const next = await request(t.app, 'GET', `/api/admin/members?sort=name_asc&limit=2&cursor=${cursor}`, {
      session,
    });
    expect(next.statusCode).toBe(200);
  });

  it('walks each order on its index, with no sort of the whole list', async () => {
    const { member } = await admin();
    await seed(member.id);
    const indexes: Record<string, string> = {
      joined: 'users_created_idx',
      name: 'profiles_name_order_idx',
      last_active: 'profiles_inactive_idx',
      tier: 'profiles_tier_name_idx',
    };
    for (const sort of ADMIN_MEMBER_SORTS as readonly AdminMemberSort[]) {
      const query = adminMembersQuerySchema.parse({ sort });
      const plan = await t.app.ctx.db.transaction(async (tx) => {
        // A handful of rows would be read whole by any planner: ask for the plan a large table gets.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const rows = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${memberPageStatement(tx, query, null, 25)}`,
        );
        return (rows as unknown as { rows?: { 'QUERY PLAN': string }[] }).rows ?? rows;
      });
      const text = (plan as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      // The roles' subplan sorts each member's few roles; the page itself must not be sorted.
      const [page = ''] = text.split('SubPlan');
      expect(page, sort).toContain(indexes[sort.slice(0, sort.lastIndexOf('_'))]);
      expect(page, sort).not.toMatch(/^\s*(->\s*)?(Incremental )?Sort\b/m);
    }
  });
});

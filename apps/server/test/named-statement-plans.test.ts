import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GENERIC_PLAN_SETTINGS } from '../src/db/client';
import { namedStatements } from '../src/db/prepared';
import { useTestApp } from './app';

// A named statement (db/prepared.ts) may be run with a generic plan, one for every value: always on
// the one-plan connections (`genericPlan`, also without bitmap scans: db/client.ts), and elsewhere
// once PostgreSQL settles on it. A rule it can only answer there by reading a whole table, such as
// an OR across two indexes on a one-plan connection (decision 073), would read it on every request
// once the table grows. Each statement is planned here as a generic plan on its connections, with
// sequential scans ruled out: what is left reading a whole table or index has no index to serve it.

const t = useTestApp();

/** A value as SQL text for EXECUTE (the statement's own parameter types convert it). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = Array.isArray(value)
    ? `{${value.join(',')}}`
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The scans of a plan that read a whole relation: a sequential scan, or an index scan with no
 * condition on the index (with sequential scans ruled out, PostgreSQL walks a whole index instead).
 */
function wholeReads(plan: string): string[] {
  const lines = plan.split('\n');
  const whole: string[] = [];
  lines.forEach((line, at) => {
    if (/Seq Scan/.test(line)) whole.push(line.trim());
    if (!/Index (Only )?Scan/.test(line)) return;
    const details = [];
    for (const next of lines.slice(at + 1)) {
      if (/->|SubPlan|InitPlan|CTE /.test(next)) break;
      details.push(next);
    }
    if (!details.some((detail) => detail.includes('Index Cond:'))) whole.push(line.trim());
  });
  return whole;
}

// Every parameter null: a generic plan does not depend on them, and EXPLAIN runs nothing.
const noValues = new Proxy({}, { get: () => null, has: () => true });

describe('named statements', () => {
  it('are declared (the app has loaded its modules)', () => {
    const names = namedStatements.map((statement) => statement.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'feed_page',
        'me_by_user_ids',
        'notifications_list',
        'notifications_unread',
        'match_access',
        'chat_page',
        'member_profile',
        'record_profile_view',
      ]),
    );
  });

  it.each(namedStatements.map((statement) => [statement.name, statement] as const))(
    '%s reads through indexes',
    async (name, statement) => {
      const { text, values } = statement.render(noValues);
      const prepared = `plan_check_${name}`;
      const plan = await t.app.ctx.db.transaction(async (tx) => {
        const settings = statement.onePlan
          ? { ...GENERIC_PLAN_SETTINGS, enable_seqscan: 'off' }
          : { plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off' };
        for (const [setting, value] of Object.entries(settings)) {
          await tx.execute(sql.raw(`set local ${setting} = '${value}'`));
        }
        await tx.execute(sql.raw(`prepare ${prepared} as ${text}`));
        try {
          const rows = await tx.execute<{ 'QUERY PLAN': string }>(
            sql.raw(`explain execute ${prepared}(${values.map(literal).join(', ')})`),
          );
          return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await tx.execute(sql.raw(`deallocate ${prepared}`));
        }
      });
      expect(wholeReads(plan), plan).toEqual([]);
    },
  );
});

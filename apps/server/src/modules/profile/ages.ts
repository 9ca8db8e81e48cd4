import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles } from '../../db/schema';

/**
 * A member's age on `today` from their date of birth, in SQL: the same rule as the shared `ageOn`
 * (whole years; a 29 February birthday counts on 1 March), which the tests hold the two to.
 */
export const ageOnSql = (today: string) =>
  sql<number>`extract(year from age(${today}::date, ${profiles.birthDate}))::smallint`;

/**
 * The daily job: every member whose birthday has come since their age was written gets their new
 * age (cards, age filters and the terms' minimum age for a tier all read the stored one). Returns how
 * many changed; their cached actors are dropped.
 */
export async function refreshAges(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  return ctx.transact(async ({ tx, publish }) => {
    const changed = await tx
      .update(profiles)
      .set({ age: ageOnSql(today) })
      .where(sql`${profiles.birthDate} is not null and ${profiles.age} <> ${ageOnSql(today)}`)
      .returning({ id: profiles.userId });
    if (changed.length > 0) publish({ kind: 'actor.invalidate', userIds: changed.map((row) => row.id) });
    return changed.length;
  });
}

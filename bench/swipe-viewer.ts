/**
 * The swiper the swipe diagnostics use (explain-swipe.ts, swipe-batch-cost.ts): the first benchmark
 * viewer, as the server's actor, and members of the other type it has not swiped on yet.
 */
import type pg from 'pg';

export async function swipeViewer(client: pg.Client, targetCount: number) {
  const [viewer] = (
    await client.query(`select user_id, user_type, tier_level, name from profiles where name like 'Viewer %'
      order by name limit 1`)
  ).rows;
  const targets = (
    await client.query(
      `select p.user_id from profiles p where p.user_type <> $1 and not exists (select 1 from swipe_actions s
         where s.swiper_id = $2 and s.target_id = p.user_id) limit $3`,
      [viewer.user_type, viewer.user_id, targetCount],
    )
  ).rows.map((row) => row.user_id as string);
  const actor = {
    id: viewer.user_id,
    name: viewer.name,
    userType: viewer.user_type,
    tier: viewer.tier_level,
    rules: { tier_level: viewer.tier_level, tier_subscription_active: true, roles: [] },
  } as never;
  return { actor, targets };
}

import { CITIES, LANDING_STATS_TTL_MS, type LandingStats } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events, matches, profiles } from '../../db/schema';

/**
 * A member the landing page counts: done with onboarding (a deleted account's scrub clears it, so the
 * deleted never count) and not in ghost mode (a member hiding from everyone is not shown off either).
 */
const live = sql`${profiles.onboardedAt} is not null and ${profiles.ghostMode} = false`;

const launchCities = sql.join(
  CITIES.map((city) => sql`(${city.name}, ${city.state})`),
  sql`, `,
);

type Row = { kind: string; city: string | null; state: string | null; n: number | string };

/**
 * The landing page's figures in one statement: live members, verified live members, matches ever
 * made, events that have taken place, and live members per launch city (profiles_city_state_idx).
 */
async function countLandingStats(ctx: AppContext): Promise<LandingStats> {
  const { rows } = await ctx.db.execute<Row>(sql`
    select 'members' as kind, null as city, null as state, count(*)::int as n
      from ${profiles} where ${live}
    union all
    select 'verified', null, null, count(*)::int from ${profiles} where ${live} and ${profiles.verified}
    union all
    select 'matches', null, null, count(*)::int from ${matches}
    union all
    select 'events', null, null, count(*)::int from ${events}
      where ${events.dateTime} < now() and ${events.status} <> 'cancelled'
    union all
    select 'city', ${profiles.city}, ${profiles.state}, count(*)::int from ${profiles}
      where ${live} and (${profiles.city}, ${profiles.state}) in (${launchCities})
      group by ${profiles.city}, ${profiles.state}`);
  const total = (kind: string) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
  const perCity = new Map(
    rows.filter((row) => row.kind === 'city').map((row) => [`${row.city}\n${row.state}`, Number(row.n)]),
  );
  return {
    cities: CITIES.map(({ name, state }) => ({
      city: name,
      state,
      members: perCity.get(`${name}\n${state}`) ?? 0,
    })),
    members: total('members'),
    verified_members: total('verified'),
    matches: total('matches'),
    events_held: total('events'),
    counted_at: new Date().toISOString(),
  };
}

/**
 * The figures, counted at most once per window per server instance: visitors within the window share
 * the last count, and those arriving while a count runs share that count (a flood of visitors costs
 * one statement). A failed count is not kept: the next visitor counts again.
 */
export function landingStatsCache(ctx: AppContext, ttlMs = LANDING_STATS_TTL_MS) {
  let kept: { at: number; stats: Promise<LandingStats> } | undefined;
  return (): Promise<LandingStats> => {
    const now = Date.now();
    if (kept && now - kept.at < ttlMs) return kept.stats;
    const stats = countLandingStats(ctx);
    const entry = { at: now, stats };
    kept = entry;
    stats.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return stats;
  };
}

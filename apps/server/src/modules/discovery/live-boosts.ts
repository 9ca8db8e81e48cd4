import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { boosts } from '../../db/schema';

/**
 * How often an instance reads again when the last live profile boost ends, besides when the bus says
 * a boost was bought: a boost written without the bus (by hand, by a test) ranks within this long.
 */
export const LIVE_BOOSTS_RECHECK_MS = 1_000;

export type LiveBoosts = {
  /** Whether some member's profile boost may be live now (the feed then ranks boosted members first). */
  anyLive(): Promise<boolean>;
};

/**
 * Whether any profile boost is live, known without asking the database on every feed page. Most of
 * the time none is, and the feed's statement without its boosted segment costs PostgreSQL about a
 * quarter less (decision 022). The answer is the latest live boost's end, read again at most every
 * LIVE_BOOSTS_RECHECK_MS and at once when a `boosts.changed` message crosses the bus (a purchase on
 * any instance). An end in the past is noticed by the clock, not by a read.
 */
export function liveBoostsOf(ctx: AppContext): LiveBoosts {
  let known = watchers.get(ctx);
  if (!known) {
    known = watchLiveBoosts(ctx);
    watchers.set(ctx, known);
  }
  return known;
}

const watchers = new WeakMap<AppContext, LiveBoosts>();

function watchLiveBoosts(ctx: AppContext): LiveBoosts {
  let endsAt = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let purchases = 0;
  let reading: Promise<void> | null = null;
  ctx.bus.subscribe((message) => {
    if (message.kind !== 'boosts.changed') return;
    purchases += 1;
    readAt = Number.NEGATIVE_INFINITY;
  });

  async function read() {
    const purchasesSeen = purchases;
    const startedAt = Date.now();
    const [row] = await ctx.db
      .select({ endsAt: max(boosts.activeUntil) })
      .from(boosts)
      .where(and(eq(boosts.boostType, 'profile_boost'), gt(boosts.activeUntil, sql`now()`)));
    endsAt = row?.endsAt ? new Date(row.endsAt).getTime() : 0;
    // A purchase announced while this read was under way may not be in it: the next page reads again.
    if (purchases === purchasesSeen) readAt = startedAt;
  }

  return {
    async anyLive() {
      if (Date.now() - readAt >= LIVE_BOOSTS_RECHECK_MS) {
        reading ??= read().finally(() => {
          reading = null;
        });
        await reading;
      }
      return Date.now() < endsAt;
    },
  };
}

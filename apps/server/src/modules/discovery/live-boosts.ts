import { and, eq, gt, sql } from 'drizzle-orm';
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
  // Times on this instance's monotonic clock: the database says how long the latest boost has left
  // by its own clock, so a clock that differs from the database's, or is set back, changes nothing.
  let endsAt = 0;
  let readAt = Number.NEGATIVE_INFINITY;
  let purchases = 0;
  let reading: { promise: Promise<void>; purchasesSeen: number } | null = null;
  ctx.bus.subscribe((message) => {
    if (message.kind !== 'boosts.changed') return;
    purchases += 1;
    readAt = Number.NEGATIVE_INFINITY;
  });

  async function read(purchasesSeen: number) {
    const startedAt = performance.now();
    const [row] = await ctx.db
      .select({
        msLeft: sql<number | null>`extract(epoch from max(${boosts.activeUntil}) - now()) * 1000`.mapWith(
          (value) => (value === null ? null : Number(value)),
        ),
      })
      .from(boosts)
      .where(and(eq(boosts.boostType, 'profile_boost'), gt(boosts.activeUntil, sql`now()`)));
    endsAt = row?.msLeft == null ? 0 : startedAt + row.msLeft;
    // A purchase announced while this read was under way may not be in it: the next page reads again.
    if (purchases === purchasesSeen) readAt = startedAt;
  }

  return {
    async anyLive() {
      if (performance.now() - readAt >= LIVE_BOOSTS_RECHECK_MS) {
        // A read that began before the latest purchase was announced cannot answer for it.
        if (!reading || reading.purchasesSeen !== purchases) {
          const purchasesSeen = purchases;
          const promise = read(purchasesSeen).finally(() => {
            if (reading?.promise === promise) reading = null;
          });
          reading = { promise, purchasesSeen };
        }
        await reading.promise;
      }
      return performance.now() < endsAt;
    },
  };
}

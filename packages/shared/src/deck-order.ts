/**
 * Who the deck shows first (issue 33, decision 044). Members within the viewer's distance
 * preference come before everyone else, nearest first: the server walks them in distance order, a
 * page at a time, and orders each page by distance band, then how recently each member was active,
 * then promotion (a live boost, then sponsored or top-10% members). When no one new is left within
 * the preference, the deck widens to everyone else in the usual order and says so.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Distance bands in whole miles: a member 3 miles away comes before one 7 miles away whatever their
 * activity, but two members 12 and 14 miles away are equally near, and the more active comes first.
 */
export const DECK_DISTANCE_BANDS_MILES = [2, 5, 10, 25, 50, 100] as const;

/** The band a distance falls in: 0 for the nearest; beyond the last edge, one past it. */
export function distanceBandOf(miles: number): number {
  const band = DECK_DISTANCE_BANDS_MILES.findIndex((edge) => miles <= edge);
  return band === -1 ? DECK_DISTANCE_BANDS_MILES.length : band;
}

/** Activity, coarsely: active within the hour, the day, the week, the month, or longer ago. */
const ACTIVITY_EDGES_MS = [HOUR_MS, DAY_MS, 7 * DAY_MS, 30 * DAY_MS] as const;

/** 0 for a member active within the hour … 4 for one last seen over a month ago. */
export function activityBandOf(lastActive: Date, now: Date): number {
  const idle = now.getTime() - lastActive.getTime();
  const band = ACTIVITY_EDGES_MS.findIndex((edge) => idle <= edge);
  return band === -1 ? ACTIVITY_EDGES_MS.length : band;
}

/** What the order of members within the preference reads of each. */
export type NearDeckEntry = {
  /** Miles from the viewer (the coarse cell's distance, never the member's exact point). */
  miles: number;
  lastActive: Date;
  /** 2 for a live boost, 1 for sponsored or top-10% members, else 0. */
  promotion: number;
  id: string;
};

/** The order of one page of members within the preference: band, activity, promotion, recency. */
export function compareNearDeckEntries(a: NearDeckEntry, b: NearDeckEntry, now: Date): number {
  return (
    distanceBandOf(a.miles) - distanceBandOf(b.miles) ||
    activityBandOf(a.lastActive, now) - activityBandOf(b.lastActive, now) ||
    b.promotion - a.promotion ||
    b.lastActive.getTime() - a.lastActive.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The notice shown once the deck runs out of members within the preference. */
export function deckWidenedNotice(withinMiles: number): string {
  return `No one new within ${withinMiles} miles — showing members further away`;
}

/**
 * Browse's heading where its results go beyond the viewer's preference: a divider after nearer
 * members, or plainly why when no one within it matches.
 */
export function browseWidenedHeading(withinMiles: number, anyNearer: boolean): string {
  return anyNearer
    ? `Further than ${withinMiles} miles`
    : `No one within ${withinMiles} miles — showing members further away`;
}

/** Where a near-first list's loaded pages go beyond the preference: the index among all their items. */
export function widenedAt(
  pages: readonly {
    items: readonly unknown[];
    widening: { from_index: number; within_miles: number } | null;
  }[],
): { index: number; withinMiles: number } | null {
  let offset = 0;
  for (const page of pages) {
    if (page.widening)
      return { index: offset + page.widening.from_index, withinMiles: page.widening.within_miles };
    offset += page.items.length;
  }
  return null;
}

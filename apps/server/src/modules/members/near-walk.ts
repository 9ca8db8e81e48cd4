import { compareNearDeckEntries, type NearDeckEntry } from '@royal/shared';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LatLng } from '../../db/geo';
import { profiles } from '../../db/schema';
import { coarsePointSql, type GeoParam } from './distance';

/**
 * The walk of members within a viewer's distance preference, nearest first (decision 044), shared by
 * the deck and browse's default order: ordered by profiles_geo_box_idx's `<->` (distance on the
 * longitude/latitude plane, in degrees) and by nothing else, since a second sort key would make
 * PostgreSQL sort every member in the box. Where a page stopped is the last distance walked and the
 * members shown at exactly that distance.
 */

type Param<T> = T | Placeholder;

/** Where a walk stopped: the planar distance (degrees) of the page's last member, and who was shown at it. */
export const nearKeySchema = (maxIds: number) =>
  z.object({
    d: z.number().min(0).max(400),
    ids: z.array(z.uuid()).min(1).max(maxIds),
  });
export type NearKey = z.infer<ReturnType<typeof nearKeySchema>>;

/** Before every real key: the start of the walk. */
export const NEAR_WALK_START: NearKey = { d: -1, ids: [] };

/** The member's distance from `from` as the index orders it (the expression profiles_geo_box_idx is built on). */
export const nearDegreesSql = (from: GeoParam) =>
  sql`(${coarsePointSql} <-> point(${from.lng}::float8, ${from.lat}::float8))`;

/** After `d`, or at exactly `d` and not yet shown (`shown`: a `uuid[]` literal). */
export function pastNearKeySql(from: GeoParam, d: Param<number>, shown: Param<string>): SQL {
  const degrees = nearDegreesSql(from);
  return sql`(${degrees} > ${d}::float8
    or (${degrees} = ${d}::float8 and not (${profiles.userId} = any(${shown}::uuid[]))))`;
}

/**
 * The same planar distance computed here, step for step as PostgreSQL's point distance does it
 * (pg_hypot), so a walk of members held in memory and one walked by the index agree on every key.
 */
export function planeDegrees(from: LatLng, to: LatLng): number {
  let x = Math.abs(to.lng - from.lng);
  let y = Math.abs(to.lat - from.lat);
  if (x < y) [x, y] = [y, x];
  if (y === 0) return x;
  const yx = y / x;
  return x * Math.sqrt(1 + yx * yx);
}

/** Is a member at `degrees` (with this id) past where the walk stopped? */
export const isPastNearKey = (key: NearKey, degrees: number, id: string) =>
  degrees > key.d || (degrees === key.d && !key.ids.includes(id));

/** Where a page of walked members (in walk order) stopped. */
export function nearKeyAfter(walked: { id: string; nearDegrees: number }[]): NearKey {
  const d = walked.at(-1)?.nearDegrees ?? 0;
  return { d, ids: walked.filter((row) => row.nearDegrees === d).map((row) => row.id) };
}

/** One page of walked members in the deck's order (distance band, activity, promotion: deck-order.ts). */
export function inNearOrder<T>(walked: T[], entryOf: (row: T) => NearDeckEntry, now: Date): T[] {
  return walked
    .map((row) => ({ row, entry: entryOf(row) }))
    .sort((a, b) => compareNearDeckEntries(a.entry, b.entry, now))
    .map(({ row }) => row);
}

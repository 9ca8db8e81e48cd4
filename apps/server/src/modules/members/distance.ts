import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { LatLng } from '../../db/geo';
import { profiles } from '../../db/schema';
import { locationSharingColumn } from './queries';

/**
 * Distances between a viewer and members in SQL, always to the member's coarse cell (never the
 * stored point), for browse's distance filter and the deck's near-first walk.
 */

/** Miles per degree of latitude (and of longitude at the equator) on the haversine's sphere. */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;

type Param = number | Placeholder;
export type GeoParam = { lat: Param; lng: Param };
export type GeoBox = { west: Param; south: Param; east: Param; north: Param };

/**
 * Haversine distance in miles from `from` to the member's coarse cell, in SQL — the same formula as
 * the shared distanceMiles the presenter shows (tests hold the two together).
 */
export function coarseDistanceSql(from: GeoParam): SQL {
  return sql`(2 * 3958.8 * asin(least(1, sqrt(
    power(sin(radians(${profiles.geoLat} - ${from.lat}::float8) / 2), 2)
    + cos(radians(${from.lat}::float8)) * cos(radians(${profiles.geoLat}))
      * power(sin(radians(${profiles.geoLng} - ${from.lng}::float8) / 2), 2)))))`;
}

/**
 * "Within N miles" as the cards show it: the whole-mile figure (shownMiles: rounded, never below 1)
 * is at most N, i.e. the distance is below N + 0.5.
 */
export const reachOf = (maxMiles: number) => maxMiles + 0.5;

/** A longitude/latitude box holding every point within `maxMiles` of `from` (a little more). */
export function reachBox(from: LatLng, maxMiles: number): { [K in keyof GeoBox]: number } {
  const reach = reachOf(maxMiles);
  const dLat = (reach / MILES_PER_DEGREE) * 1.01;
  const widest = Math.cos((Math.min(89, Math.abs(from.lat) + dLat) * Math.PI) / 180);
  const dLng = Math.min(180, (reach / (MILES_PER_DEGREE * widest)) * 1.01);
  // A box crossing the antimeridian would wrap: take the whole longitude band instead (rare, still correct).
  const [west, east] =
    from.lng - dLng < -180 || from.lng + dLng > 180 ? [-180, 180] : [from.lng - dLng, from.lng + dLng];
  return { west, south: from.lat - dLat, east, north: from.lat + dLat };
}

/** The member's coarse cell as a point, the expression profiles_geo_box_idx is built on. */
export const coarsePointSql = sql`point(${profiles.geoLng}, ${profiles.geoLat})`;

/** Inside the box, through profiles_geo_box_idx. */
const inBoxSql = (box: GeoBox) =>
  sql`${coarsePointSql} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`;

/**
 * Within `reach` miles (reachOf) of `from`, found through `box` first so profiles_geo_box_idx finds
 * the candidates; members hiding their location never match.
 */
export const withinReachSql = (from: GeoParam, box: GeoBox, reach: Param) =>
  sql`${locationSharingColumn} and ${inBoxSql(box)} and ${coarseDistanceSql(from)} < ${reach}::float8`;

/** Within `maxMiles` of `from` as the cards show it, through the box. */
export const withinMilesSql = (from: LatLng, maxMiles: number) =>
  withinReachSql(from, reachBox(from, maxMiles), reachOf(maxMiles));

import { createHmac } from 'node:crypto';
import { distanceMiles, POSITION_SNAP_DEG } from '@royal/shared';

export { distanceMiles };

/** Grid size of the coarse location cell, in degrees (~5.5 km of latitude). */
export const COARSE_CELL_DEG = 0.05;

export type LatLng = { lat: number; lng: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const roundTo = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * Two stable numbers in [0, 1) for the member, keyed by a server secret: derived from the public
 * user id alone, anyone could recompute the offset and subtract it.
 */
function jitterOf(userId: string, key: Buffer): [number, number] {
  const digest = createHmac('sha256', key).update(`coarse-location:${userId}`).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32];
}

/** The centre of the cell holding `v` on a grid of `size` whose origin is shifted by `origin`. */
const cellCentre = (v: number, origin: number, size: number) =>
  Math.floor((v - origin) / size) * size + origin + size / 2;

/**
 * The location other members' distances are computed from (decision 005). Every member has their
 * own grid of 0.05° cells whose origin is shifted by an offset keyed with a server secret; the point
 * used for them is the centre of the cell of their grid that holds them. So:
 * - moving inside the cell changes nothing, and every answer about the member (the distance figure,
 *   the distance filter) is a function of that centre alone — repeating or combining queries can
 *   at best find the centre, and the member is anywhere in the ~5.5 × 4.6 km cell around it;
 * - the offset is per member, so knowing one member's grid tells nothing about another's, and
 *   members in one place do not collapse onto one point;
 * - the result is never more than half a cell from the truth in each axis.
 */
export function coarseLocation(lat: number, lng: number, userId: string, key: Buffer): LatLng {
  const [jLat, jLng] = jitterOf(userId, key);
  return {
    lat: roundTo(clamp(cellCentre(lat, jLat * COARSE_CELL_DEG, COARSE_CELL_DEG), -90, 90), 6),
    lng: roundTo(wrapLng(cellCentre(lng, jLng * COARSE_CELL_DEG, COARSE_CELL_DEG)), 6),
  };
}

/** A shared browser position, snapped to about 1 km before anything is stored. */
export function snapPosition(point: LatLng): LatLng {
  const snap = (v: number) => roundTo(Math.round(v / POSITION_SNAP_DEG) * POSITION_SNAP_DEG, 6);
  return { lat: clamp(snap(point.lat), -90, 90), lng: roundTo(wrapLng(snap(point.lng)), 6) };
}

/** The profile's location columns for a point: the stored point (snapped) and its keyed coarse cell. */
export function locationColumns(point: LatLng, userId: string, key: Buffer) {
  const stored = snapPosition(point);
  const cell = coarseLocation(stored.lat, stored.lng, userId, key);
  return { lat: stored.lat, lng: stored.lng, geoLat: cell.lat, geoLng: cell.lng };
}

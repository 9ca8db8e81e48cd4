import { createHmac } from 'node:crypto';

/** Grid size of the coarse location cell, in degrees (~5.5 km of latitude). */
export const COARSE_CELL_DEG = 0.05;

export type LatLng = { lat: number; lng: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * Two stable numbers in [0, 1) for the member, keyed by a server secret: derived from the public
 * user id alone, anyone could recompute the offset and subtract it.
 */
function jitterOf(userId: string, key: Buffer): [number, number] {
  const digest = createHmac('sha256', key).update(`coarse-location:${userId}`).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32];
}

/**
 * The location other members' distances are computed from (DESIGN: "a coarse, per-user-offset
 * location cell"). The exact point is snapped to a 0.05° grid, so moving inside a cell changes
 * nothing, and then shifted by up to half a cell in each axis by an offset that is fixed per member,
 * so that members in one cell do not collapse onto one point and repeated queries cannot be averaged
 * to find the cell edges. The result is never more than one cell (~5.5 km) from the truth.
 */
export function coarseLocation(lat: number, lng: number, userId: string, key: Buffer): LatLng {
  const [jLat, jLng] = jitterOf(userId, key);
  const cellLat = Math.round(lat / COARSE_CELL_DEG) * COARSE_CELL_DEG;
  const cellLng = Math.round(lng / COARSE_CELL_DEG) * COARSE_CELL_DEG;
  return {
    lat: roundTo(clamp(cellLat + (jLat - 0.5) * COARSE_CELL_DEG, -90, 90), 6),
    lng: roundTo(wrapLng(cellLng + (jLng - 0.5) * COARSE_CELL_DEG), 6),
  };
}

const roundTo = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine); callers round and floor at 1 via shared milesLabel. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

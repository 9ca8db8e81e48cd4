import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COARSE_CELL_DEG, coarseLocation, distanceMiles, locationColumns, snapPosition } from './geo';

const ALICE = '6f1c2a4e-8b1d-4e0a-9f5b-2d7c3e1a9b40';
const BOB = '0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70';
const KEY = Buffer.from('test-location-key-test-location-key');

describe('coarseLocation', () => {
  it('is stable for the same member and point', () => {
    expect(coarseLocation(34.0522, -118.2437, ALICE, KEY)).toEqual(
      coarseLocation(34.0522, -118.2437, ALICE, KEY),
    );
  });

  it('moves only in whole cells while the member moves', () => {
    const start = coarseLocation(34.0522, -118.2437, ALICE, KEY);
    let moved = 0;
    for (let step = 1; step <= 40; step += 1) {
      const c = coarseLocation(34.0522 + step * 0.003, -118.2437 - step * 0.002, ALICE, KEY);
      const cellsLat = (c.lat - start.lat) / COARSE_CELL_DEG;
      const cellsLng = (c.lng - start.lng) / COARSE_CELL_DEG;
      expect(Math.abs(cellsLat - Math.round(cellsLat))).toBeLessThan(1e-6);
      expect(Math.abs(cellsLng - Math.round(cellsLng))).toBeLessThan(1e-6);
      if (c.lat !== start.lat || c.lng !== start.lng) moved += 1;
    }
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThan(40);
  });

  it('gives different members in the same place different points', () => {
    expect(coarseLocation(34.0522, -118.2437, ALICE, KEY)).not.toEqual(
      coarseLocation(34.0522, -118.2437, BOB, KEY),
    );
  });

  it('stays within half a cell of the point in each axis', () => {
    for (const [lat, lng] of [
      [34.0522, -118.2437],
      [25.2048, 55.2708],
      [-33.8688, 151.2093],
      [0, 0],
    ] as const) {
      for (const id of [ALICE, BOB]) {
        const c = coarseLocation(lat, lng, id, KEY);
        expect(Math.abs(c.lat - lat)).toBeLessThanOrEqual(COARSE_CELL_DEG / 2 + 1e-9);
        expect(Math.abs(c.lng - lng)).toBeLessThanOrEqual(COARSE_CELL_DEG / 2 + 1e-9);
      }
    }
  });

  it('never reveals the exact point', () => {
    const c = coarseLocation(40.7128, -74.006, ALICE, KEY);
    expect(c).not.toEqual({ lat: 40.7128, lng: -74.006 });
  });

  it('hides its offset behind the server key: the public id alone does not give it away', () => {
    const other = Buffer.from('another-deployment-another-key!!');
    expect(coarseLocation(34.0522, -118.2437, ALICE, KEY)).not.toEqual(
      coarseLocation(34.0522, -118.2437, ALICE, other),
    );
  });

  it('cannot be undone by someone who knows only the member id', () => {
    // What an attacker could compute from a public id alone (the unkeyed offset used before).
    const digest = createHash('sha256').update(`coarse-location:${ALICE}`).digest();
    const guess = {
      lat: 34.05 + (digest.readUInt32BE(0) / 2 ** 32 - 0.5) * COARSE_CELL_DEG,
      lng: -118.25 + (digest.readUInt32BE(4) / 2 ** 32 - 0.5) * COARSE_CELL_DEG,
    };
    const actual = coarseLocation(34.0522, -118.2437, ALICE, KEY);
    expect(Math.abs(actual.lat - guess.lat) + Math.abs(actual.lng - guess.lng)).toBeGreaterThan(1e-6);
  });

  it('keeps coordinates valid at the poles and the antimeridian', () => {
    const north = coarseLocation(89.999, 179.999, ALICE, KEY);
    expect(north.lat).toBeLessThanOrEqual(90);
    expect(north.lng).toBeGreaterThanOrEqual(-180);
    expect(north.lng).toBeLessThan(180);
  });
});

describe('snapPosition and locationColumns', () => {
  it('snaps a shared position to the 0.01° grid (about 1 km) before it is stored', () => {
    expect(snapPosition({ lat: 34.05234, lng: -118.24371 })).toEqual({ lat: 34.05, lng: -118.24 });
    const columns = locationColumns({ lat: 40.712812, lng: -74.005941 }, ALICE, KEY);
    expect(columns.lat).toBe(40.71);
    expect(columns.lng).toBe(-74.01);
    expect({ lat: columns.geoLat, lng: columns.geoLng }).toEqual(coarseLocation(40.71, -74.01, ALICE, KEY));
  });
});

describe('distanceMiles', () => {
  it('measures Los Angeles to San Diego at about 111 miles', () => {
    const d = distanceMiles({ lat: 34.0522, lng: -118.2437 }, { lat: 32.7157, lng: -117.1611 });
    expect(d).toBeGreaterThan(105);
    expect(d).toBeLessThan(115);
  });

  it('is zero for the same point', () => {
    expect(distanceMiles({ lat: 1, lng: 2 }, { lat: 1, lng: 2 })).toBe(0);
  });
});

import { searchPageSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { distanceMiles, type LatLng } from '../../db/geo';
import { profiles } from '../../db/schema';

/**
 * The attacker of decision 005. She moves her own location around her victims through the API and
 * reads both oracles the API offers — the whole-mile figure on each card and the Max Distance filter
 * — then places each victim where the answers fit best. To make the bound conservative she is also
 * granted what the API never tells her: her own coarse cell after every move (read from the database),
 * so her measurements are exact up to the figures' rounding. The scheme holds if, even so, the median
 * error in placing 50 victims stays at or above 500 m.
 */
const t = useTestApp();
const CENTRE = { lat: 34.05, lng: -118.25 };
const VICTIMS = 50;
const SPREAD_DEG = 0.15; // victims within ±0.15° (~15 km) of the centre
const GRID_STEPS = 9; // attacker positions: a 9 × 9 grid…
const GRID_SPAN_DEG = 0.3; // …over ±0.3° around the centre
const FILTER_ORACLES = [5, 10] as const; // Max Distance values she also tries at every position

/** A small deterministic generator, so the test places the same victims every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 2 ** 32;
  };
}

const metres = (a: LatLng, b: LatLng) => distanceMiles(a, b) * 1609.344;
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

type Observation = { from: LatLng; interval: [number, number] };

/** Where the figures and filter answers place a victim: the centroid of the best-fitting points. */
function locate(observations: Observation[]): LatLng {
  const misfit = (p: LatLng) => {
    let total = 0;
    for (const { from, interval } of observations) {
      const d = distanceMiles(from, p);
      const outside = d < interval[0] ? interval[0] - d : d > interval[1] ? d - interval[1] : 0;
      total += outside * outside;
    }
    return total;
  };
  const search = (centre: LatLng, span: number, step: number): LatLng => {
    let best = Number.POSITIVE_INFINITY;
    let fits: LatLng[] = [];
    for (let dLat = -span; dLat <= span + 1e-9; dLat += step) {
      for (let dLng = -span; dLng <= span + 1e-9; dLng += step) {
        const p = { lat: centre.lat + dLat, lng: centre.lng + dLng };
        const m = misfit(p);
        if (m < best - 1e-9) {
          best = m;
          fits = [p];
        } else if (Math.abs(m - best) <= 1e-9) fits.push(p);
      }
    }
    return {
      lat: fits.reduce((s, p) => s + p.lat, 0) / fits.length,
      lng: fits.reduce((s, p) => s + p.lng, 0) / fits.length,
    };
  };
  const rough = search(CENTRE, SPREAD_DEG + 0.05, 0.01);
  return search(rough, 0.03, 0.001);
}

describe('location privacy against trilateration', () => {
  it('keeps the median error in placing 50 victims at or above 500 m', async () => {
    const random = mulberry32(8);
    const attacker = await signedInMember(t.app, { tier: 4, name: 'Attacker' });
    const victims: { id: string; truth: LatLng }[] = [];
    for (let i = 0; i < VICTIMS; i += 1) {
      const victim = await signedInMember(t.app, { tier: 1, name: `Victim ${String(i).padStart(2, '0')}` });
      const truth = {
        lat: CENTRE.lat + (random() * 2 - 1) * SPREAD_DEG,
        lng: CENTRE.lng + (random() * 2 - 1) * SPREAD_DEG,
      };
      const placed = await request(t.app, 'PUT', '/api/me/location', {
        session: victim.session,
        body: { kind: 'position', ...truth },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      victims.push({ id: victim.member.id, truth });
    }

    const observations = new Map<string, Observation[]>(victims.map((v) => [v.id, []]));
    const everyPage = async (session: Session, query: string) => {
      const items = [];
      let cursor: string | null = null;
      do {
        const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const res = await request(t.app, 'GET', `/api/search?q=Victim${query}${suffix}`, { session });
        expect(res.statusCode, res.body).toBe(200);
        const page = searchPageSchema.parse(res.json());
        items.push(...page.items);
        cursor = page.next_cursor;
      } while (cursor);
      return items;
    };

    for (let i = 0; i < GRID_STEPS; i += 1) {
      for (let j = 0; j < GRID_STEPS; j += 1) {
        const step = (2 * GRID_SPAN_DEG) / (GRID_STEPS - 1);
        const at = { lat: CENTRE.lat - GRID_SPAN_DEG + i * step, lng: CENTRE.lng - GRID_SPAN_DEG + j * step };
        const moved = await request(t.app, 'PUT', '/api/me/location', {
          session: attacker.session,
          body: { kind: 'position', ...at },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        // The generous grant: her own coarse cell, which the API never reveals.
        const [me] = await t.app.ctx.db
          .select({ lat: profiles.geoLat, lng: profiles.geoLng })
          .from(profiles)
          .where(eq(profiles.userId, attacker.member.id));
        const from = { lat: me?.lat as number, lng: me?.lng as number };

        // Oracle 1: the figure on the card, whole miles (1 means anything below 1.5).
        for (const card of await everyPage(attacker.session, '')) {
          const d = card.distance_miles as number;
          observations.get(card.id)?.push({ from, interval: [d === 1 ? 0 : d - 0.5, d + 0.5] });
        }
        // Oracle 2: the Max Distance filter, in or out.
        for (const max of FILTER_ORACLES) {
          const inside = new Set(
            (await everyPage(attacker.session, `&max_distance=${max}`)).map((c) => c.id),
          );
          for (const victim of victims) {
            observations
              .get(victim.id)
              ?.push({ from, interval: inside.has(victim.id) ? [0, max + 0.5] : [max + 0.5, 1e6] });
          }
        }
      }
    }

    const cells = await t.app.ctx.db
      .select({ id: profiles.userId, lat: profiles.geoLat, lng: profiles.geoLng })
      .from(profiles);
    const cellOf = new Map(cells.map((c) => [c.id, { lat: c.lat as number, lng: c.lng as number }]));
    const errors: number[] = [];
    const cellErrors: number[] = [];
    for (const victim of victims) {
      const guess = locate(observations.get(victim.id) ?? []);
      errors.push(metres(guess, victim.truth));
      cellErrors.push(metres(guess, cellOf.get(victim.id) as LatLng));
    }
    // The attack works: she finds each victim's coarse cell centre to within a few hundred metres…
    expect(median(cellErrors)).toBeLessThan(500);
    // …and that is all she finds: the victims themselves stay at least 500 m away from her guesses.
    expect(median(errors)).toBeGreaterThanOrEqual(500);
    console.info(
      `trilateration: median error ${Math.round(median(errors))} m from the victims, ${Math.round(median(cellErrors))} m from their cells`,
    );
  }, 240_000);
});

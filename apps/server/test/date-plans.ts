import type { DatePlan, DatePlanTermsInput } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { datePlans, safeLocations } from '../src/db/schema';
import { request, type Session } from './app';
import { matchedPair } from './discovery';
import { fundWallet } from './money';

// Date plans through the API, for every test of them (the plan's own, ratings, the reminder, watching
// over a date): a couple, a safe place with a position, and plans moved along to where a test needs them.

export const NOBU = { lat: 34.0736, lng: -118.3903 };
const HOUR = 3_600_000;

export async function safePlace(app: App): Promise<string> {
  const [row] = await app.ctx.db
    .insert(safeLocations)
    .values({
      name: 'Nobu',
      address: '903 N La Cienega Blvd',
      city: 'Los Angeles',
      state: 'CA',
      verified: true,
      safetyRating: 4.8,
      locationType: 'restaurant',
      lat: NOBU.lat,
      lng: NOBU.lng,
    })
    .returning({ id: safeLocations.id });
  if (!row) throw new Error('no place');
  return row.id;
}

/** Two matched tier-2 members (escrow $250–$750) with $1,000 each, and a safe place. */
export async function couple(app: App) {
  const pair = await matchedPair(app);
  await fundWallet(app, pair.him.member.id, 100_000);
  await fundWallet(app, pair.her.member.id, 100_000);
  return { ...pair, placeId: await safePlace(app) };
}
export type Couple = Awaited<ReturnType<typeof couple>>;

export const postAs = (app: App, session: Session, url: string, body?: unknown) =>
  request(app, 'POST', url, { session, body: body ?? {} });

export const planTerms = (
  placeId: string,
  overrides: Partial<DatePlanTermsInput> = {},
): DatePlanTermsInput => ({
  starts_at: new Date(Date.now() + 48 * HOUR).toISOString(),
  place: { safe_location_id: placeId },
  my_deposit_cents: 30_000,
  their_deposit_cents: 25_000,
  ...overrides,
});

/** Moves a plan's time (the API refuses a time in the past or too soon: this is the clock moving on). */
export const setPlanStart = (app: App, planId: string, startsAt: Date) =>
  app.ctx.db.update(datePlans).set({ startsAt }).where(eq(datePlans.id, planId));

/** He proposes in their chat and she accepts: a confirmed date 48 hours ahead. */
export async function acceptedPlanOf(app: App, c: Couple): Promise<DatePlan> {
  const proposed = await postAs(
    app,
    c.him.session,
    `/api/matches/${c.matchId}/date-plans`,
    planTerms(c.placeId),
  );
  expect(proposed.statusCode, proposed.body).toBe(201);
  const accepted = await postAs(app, c.her.session, `/api/date-plans/${proposed.json().id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

/** A date both came to: confirmed, its time moved to ten minutes ahead, both checked in by position. */
export async function completedPlanOf(app: App, c: Couple): Promise<DatePlan> {
  const plan = await acceptedPlanOf(app, c);
  await setPlanStart(app, plan.id, new Date(Date.now() + 10 * 60_000));
  await postAs(app, c.him.session, `/api/date-plans/${plan.id}/check-in`, NOBU);
  const both = await postAs(app, c.her.session, `/api/date-plans/${plan.id}/check-in`, NOBU);
  expect(both.json(), both.body).toMatchObject({ status: 'completed' });
  return both.json();
}

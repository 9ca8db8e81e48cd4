import { z } from 'zod';

// The landing page's figures (issue 35): counted from the database, never typed in.

/** How long a server instance reuses one count of the landing page's figures. */
export const LANDING_STATS_TTL_MS = 5 * 60_000;

const count = z.number().int().nonnegative();

export const landingCitySchema = z
  .object({
    city: z.string().describe('City name, as in the launch city list'),
    state: z.string().describe('State or country code'),
    members: count.describe('Live members in this city'),
  })
  .describe('Members in one launch city');
export type LandingCity = z.infer<typeof landingCitySchema>;

export const landingStatsSchema = z
  .object({
    cities: z.array(landingCitySchema).describe('Every launch city, in the launch list order'),
    members: count.describe('Live members: onboarded, not deleted, not in ghost mode'),
    verified_members: count.describe('Live members who passed verification'),
    matches: count.describe('Matches ever made'),
    events_held: count.describe('Events that have taken place (not cancelled)'),
    counted_at: z.iso.datetime({ offset: true }).describe('When these figures were counted'),
  })
  .describe("The landing page's member counts and figures, cached for a few minutes");
export type LandingStats = z.infer<typeof landingStatsSchema>;

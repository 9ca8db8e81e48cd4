import {
  CITIES,
  hoursToday,
  isOpenNow,
  mapsSearchUrl,
  SAFE_LOCATION_MIN_RATING,
  SAFE_LOCATIONS_LIMIT,
  type SafeLocations,
} from '@royal/shared';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, safeLocations } from '../../db/schema';
import type { MemberActor } from '../auth';

/**
 * The Safe Locations tab: verified places in the member's city rated 4 or more, best first, at most
 * six (safe_locations_lookup_idx), each open or closed by its city's clock. Outside the launch
 * cities no time zone is known: the hours are shown, "open now" is not guessed.
 */
export async function safeLocationsFor(
  ctx: AppContext,
  { actor, now = new Date() }: { actor: MemberActor; now?: Date },
): Promise<SafeLocations> {
  const [me] = await ctx.db
    .select({ city: profiles.city, state: profiles.state })
    .from(profiles)
    .where(eq(profiles.userId, actor.id));
  if (!me?.city) return { city: '', items: [] };
  const rows = await ctx.db
    .select()
    .from(safeLocations)
    .where(
      and(
        eq(safeLocations.city, me.city),
        eq(safeLocations.state, me.state ?? ''),
        eq(safeLocations.verified, true),
        gte(safeLocations.safetyRating, SAFE_LOCATION_MIN_RATING),
      ),
    )
    .orderBy(desc(safeLocations.safetyRating), asc(safeLocations.name))
    .limit(SAFE_LOCATIONS_LIMIT);
  const zone = CITIES.find((city) => city.name === me.city && city.state === me.state)?.timeZone ?? null;
  return {
    city: me.state ? `${me.city}, ${me.state}` : me.city,
    items: rows.map((place) => ({
      id: place.id,
      name: place.name,
      address: place.address,
      city: place.city,
      state: place.state,
      type: place.locationType,
      rating: place.safetyRating,
      amenities: place.amenities,
      hours_today: zone ? hoursToday(place.openHours, zone, now) : null,
      open_now: zone ? isOpenNow(place.openHours, zone, now) : null,
      maps_url: mapsSearchUrl(place),
    })),
  };
}

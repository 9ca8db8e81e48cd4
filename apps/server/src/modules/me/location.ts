import {
  AppError,
  ErrorCode,
  findCity,
  type LocationBody,
  type MyLocation,
  NEAREST_CITY_MAX_MILES,
  nearestCity,
} from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { locationColumns, snapPosition } from '../../db/geo';
import { profiles } from '../../db/schema';

function refuse(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);
}

/** Where the member is placed for a body: a bundled city's centre, or their position's nearest city. */
export function placeFor(body: LocationBody) {
  if (body.kind === 'city') {
    const city = findCity(body.city);
    if (!city) refuse('city', 'Choose a city from the list');
    return { city, point: { lat: city.lat, lng: city.lng } };
  }
  // Only the snapped point is looked at from here on: the exact one is never stored.
  const point = snapPosition(body);
  const nearest = nearestCity(point);
  if (nearest.miles > NEAREST_CITY_MAX_MILES) {
    refuse('position', 'Your position is not near any city we serve yet: choose a city from the list');
  }
  return { city: nearest.city, point };
}

/**
 * Sets the member's location: the stored point (a city centre, or the browser's position snapped to
 * about 1 km), its keyed coarse cell (what others' distances use) and the city shown on their card.
 * The cached actor carries the cell, so every instance drops it after commit.
 */
export async function setMyLocation(
  ctx: AppContext,
  { userId, body }: { userId: string; body: LocationBody },
): Promise<MyLocation> {
  const { city, point } = placeFor(body);
  const columns = locationColumns(point, userId, ctx.secrets.locationJitter);
  return ctx.transact(async ({ tx, publish }) => {
    await tx
      .update(profiles)
      .set({ ...columns, city: city.name, state: city.state })
      .where(eq(profiles.userId, userId));
    publish({ kind: 'actor.invalidate', userIds: [userId] });
    return { city: city.name, state: city.state, coordinates: { lat: columns.lat, lng: columns.lng } };
  });
}

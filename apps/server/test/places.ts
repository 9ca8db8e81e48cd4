// Places for the near-first tests (the deck's and browse's): three cities far apart, and points due
// north of one at a known distance (placeAt in discovery.ts puts a member's coarse cell on the point,
// so the distances the server computes are exact).

/** Miles per degree of latitude on the haversine's sphere (shared distanceMiles). */
export const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;

export const DUBAI = { lat: 25.2048, lng: 55.2708 };
export const MIAMI = { lat: 25.7617, lng: -80.1918 };
export const LOS_ANGELES = { lat: 34.0522, lng: -118.2437 };

export const northOf = (at: { lat: number; lng: number }, miles: number) => ({
  lat: at.lat + miles / MILES_PER_DEGREE,
  lng: at.lng,
});

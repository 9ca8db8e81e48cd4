import { CITIES, type City } from './enums';

/**
 * The bundled city list a member picks their location from: the ten launch cities of the spec first,
 * then other large cities. Coordinates are city centres; a member who picks a city is placed there,
 * and a shared browser position is labelled with the nearest city of this list.
 */
export const LOCATION_CITIES: readonly City[] = [
  ...CITIES,
  { name: 'San Francisco', state: 'CA', lat: 37.7749, lng: -122.4194 },
  { name: 'San Jose', state: 'CA', lat: 37.3382, lng: -121.8863 },
  { name: 'Sacramento', state: 'CA', lat: 38.5816, lng: -121.4944 },
  { name: 'Seattle', state: 'WA', lat: 47.6062, lng: -122.3321 },
  { name: 'Portland', state: 'OR', lat: 45.5152, lng: -122.6784 },
  { name: 'Phoenix', state: 'AZ', lat: 33.4484, lng: -112.074 },
  { name: 'Scottsdale', state: 'AZ', lat: 33.4942, lng: -111.9261 },
  { name: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903 },
  { name: 'Salt Lake City', state: 'UT', lat: 40.7608, lng: -111.891 },
  { name: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431 },
  { name: 'San Antonio', state: 'TX', lat: 29.4241, lng: -98.4936 },
  { name: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298 },
  { name: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265 },
  { name: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458 },
  { name: 'Nashville', state: 'TN', lat: 36.1627, lng: -86.7816 },
  { name: 'New Orleans', state: 'LA', lat: 29.9511, lng: -90.0715 },
  { name: 'Charlotte', state: 'NC', lat: 35.2271, lng: -80.8431 },
  { name: 'Orlando', state: 'FL', lat: 28.5383, lng: -81.3792 },
  { name: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572 },
  { name: 'Fort Lauderdale', state: 'FL', lat: 26.1224, lng: -80.1373 },
  { name: 'Philadelphia', state: 'PA', lat: 39.9526, lng: -75.1652 },
  { name: 'Boston', state: 'MA', lat: 42.3601, lng: -71.0589 },
  { name: 'Baltimore', state: 'MD', lat: 39.2904, lng: -76.6122 },
  { name: 'Honolulu', state: 'HI', lat: 21.3069, lng: -157.8583 },
  { name: 'Toronto', state: 'ON', lat: 43.6532, lng: -79.3832 },
  { name: 'London', state: 'UK', lat: 51.5074, lng: -0.1278 },
  { name: 'Paris', state: 'FR', lat: 48.8566, lng: 2.3522 },
  { name: 'Abu Dhabi', state: 'UAE', lat: 24.4539, lng: 54.3773 },
];

/** A city's stable id in the API: "Los Angeles, CA". */
export const cityId = (city: Pick<City, 'name' | 'state'>) => `${city.name}, ${city.state}`;

const byId = new Map(LOCATION_CITIES.map((city) => [cityId(city), city]));
export const findCity = (id: string): City | undefined => byId.get(id);

/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = 111.32;
export const MILES_PER_KM = 0.621371;

/**
 * A shared browser position is snapped to this grid (0.01° ≈ 1.1 km north–south) before it is stored:
 * the exact point never reaches the database.
 */
export const POSITION_SNAP_DEG = 0.01;

/** A shared position farther than this from every bundled city is refused: we would have no city to show. */
export const NEAREST_CITY_MAX_MILES = 100;

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The bundled city nearest to a point, with its distance in miles. */
export function nearestCity(point: { lat: number; lng: number }): { city: City; miles: number } {
  let best: { city: City; miles: number } | null = null;
  for (const city of LOCATION_CITIES) {
    const miles = distanceMiles(point, city);
    if (!best || miles < best.miles) best = { city, miles };
  }
  return best as { city: City; miles: number };
}

/**
 * A distance as members see it: whole miles, never below 1 (DESIGN: "shown in whole miles, never
 * below 1"). The distance filter keeps a member when this figure is at most the chosen maximum, so
 * the list and the figure on its cards never disagree.
 */
export const shownMiles = (miles: number) => Math.max(1, Math.round(miles));

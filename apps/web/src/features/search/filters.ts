import {
  AGE_MAX,
  AGE_MIN,
  BROWSE_DISTANCE_DEFAULT,
  type LifestyleTag,
  type LookingFor,
  type SearchFilters,
  searchQuerySchema,
  type TierLevel,
  type UserType,
} from '@royal/shared';

/**
 * The browse filters as the screen holds them. They live in the URL (the same parameter names as the
 * API), so a search survives a reload and can be shared; absent means "all".
 */
export type BrowseFilters = {
  q: string;
  ageRange: [number, number];
  /** null: any distance (the slider only filters once it is moved). */
  maxDistance: number | null;
  userType: UserType | null;
  tier: TierLevel | null;
  lookingFor: LookingFor | null;
  tags: LifestyleTag[];
  verified: boolean;
  online: boolean;
};

export const DEFAULT_FILTERS: Readonly<BrowseFilters> = Object.freeze<BrowseFilters>({
  q: '',
  ageRange: [AGE_MIN, AGE_MAX],
  maxDistance: null,
  userType: null,
  tier: null,
  lookingFor: null,
  tags: [],
  verified: false,
  online: false,
});

/** Where the slider rests before it is moved (the spec's browse default). */
export const DISTANCE_SLIDER_START = BROWSE_DISTANCE_DEFAULT;

const FIELDS = [
  'q',
  'age_min',
  'age_max',
  'max_distance',
  'user_type',
  'tier',
  'looking_for',
  'tags',
  'verified',
  'online',
] as const;

/**
 * Reads filters from a URL with the API's own schema, one parameter at a time: a hand-edited or
 * outdated link keeps every filter that is still valid and drops the rest.
 */
export function filtersFromParams(params: URLSearchParams): BrowseFilters {
  const read: SearchFilters = {};
  for (const field of FIELDS) {
    const raw = params.get(field);
    if (raw === null || raw === '') continue;
    const parsed = searchQuerySchema.safeParse({ [field]: raw });
    if (parsed.success) Object.assign(read, { [field]: parsed.data[field] });
  }
  const ageMin = read.age_min ?? AGE_MIN;
  const ageMax = read.age_max ?? AGE_MAX;
  return {
    q: read.q ?? '',
    ageRange: ageMin <= ageMax ? [ageMin, ageMax] : [AGE_MIN, AGE_MAX],
    maxDistance: read.max_distance ?? null,
    userType: read.user_type ?? null,
    tier: read.tier ?? null,
    lookingFor: read.looking_for ?? null,
    tags: read.tags ?? [],
    verified: read.verified ?? false,
    online: read.online ?? false,
  };
}

/** The URL (and API) query string for filters: only what differs from "all", in a fixed order. */
export function paramsFromFilters(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.ageRange[0] !== AGE_MIN) params.set('age_min', String(filters.ageRange[0]));
  if (filters.ageRange[1] !== AGE_MAX) params.set('age_max', String(filters.ageRange[1]));
  if (filters.maxDistance !== null) params.set('max_distance', String(filters.maxDistance));
  if (filters.userType) params.set('user_type', filters.userType);
  if (filters.tier !== null) params.set('tier', String(filters.tier));
  if (filters.lookingFor) params.set('looking_for', filters.lookingFor);
  if (filters.tags.length > 0) params.set('tags', filters.tags.join(','));
  if (filters.verified) params.set('verified', 'true');
  if (filters.online) params.set('online', 'true');
  return params;
}

/** Whether anything narrows the results ("Filters active"). */
export const hasActiveFilters = (filters: BrowseFilters) => paramsFromFilters(filters).size > 0;

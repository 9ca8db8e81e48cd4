import { z } from 'zod';
import { LIFESTYLE_TAGS, LOOKING_FOR, USER_TYPES } from '../enums';
import { AGE_MAX, AGE_MIN, DISTANCE_MAX, DISTANCE_MIN, DISTANCE_STEP, NAME_MAX } from '../limits';
import { TIER_LEVELS, tierSchema } from '../tiers';
import { memberCardSchema, nearFirstCursorSchema, wideningSchema } from './discovery';

/** Browse results per page (2 or 3 columns fill evenly). */
export const SEARCH_PAGE_SIZE = 24;
/**
 * Ours: the count is exact up to this many matches and reads "1,000+ Results" above it. Counting every
 * match of a broad filter over a large membership costs a scan of all of them on every search
 * (decision 005); nobody scrolls a thousand cards, and the number still says "plenty".
 */
export const SEARCH_COUNT_CAP = 1000;

/** A whole number in a query string, refused with a message that names the filter. */
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,3}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .int()
        .min(min, `${label} must be between ${min} and ${max}`)
        .max(max, `${label} must be between ${min} and ${max}`),
    );

/** 'true' or 'false' in a query string. */
const flag = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} must be true or false` }).transform((v) => v === 'true');

/**
 * The browse/search filters (spec part 1 §2 and §5), as query-string parameters. Every one is
 * optional; absent means "all". The same schema reads the web screen's URL, so a shared link and the
 * server agree on what a filter means. The tier cap (0 up to the viewer's visible tier) depends on the
 * viewer and is checked by the server.
 */
export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(NAME_MAX, `Name search must be at most ${NAME_MAX} characters`)
      .optional()
      .describe('Name contains this text (case-insensitive)'),
    age_min: wholeNumber('Age Range', AGE_MIN, AGE_MAX).optional().describe(`${AGE_MIN}–${AGE_MAX}`),
    age_max: wholeNumber('Age Range', AGE_MIN, AGE_MAX).optional().describe(`${AGE_MIN}–${AGE_MAX}`),
    max_distance: wholeNumber('Max Distance', DISTANCE_MIN, DISTANCE_MAX)
      .pipe(z.int().multipleOf(DISTANCE_STEP, `Max Distance must be a multiple of ${DISTANCE_STEP} miles`))
      .optional()
      .describe(`Miles, ${DISTANCE_MIN}–${DISTANCE_MAX} in steps of ${DISTANCE_STEP}; needs your location`),
    user_type: z.enum(USER_TYPES, { error: 'User Type must be men or women' }).optional(),
    tier: wholeNumber('Tier Level', 0, Math.max(...TIER_LEVELS))
      .pipe(tierSchema)
      .optional()
      .describe('One tier, 0 up to your visible tier'),
    looking_for: z
      .enum(LOOKING_FOR, { error: `Looking For must be one of ${LOOKING_FOR.join(', ')}` })
      .optional(),
    tags: z
      .string()
      .transform((v) => v.split(','))
      .pipe(
        z
          .array(z.enum(LIFESTYLE_TAGS, { error: 'Lifestyle Preferences holds an unknown tag' }))
          .min(1, 'Lifestyle Preferences must name at least one tag')
          .refine((tags) => new Set(tags).size === tags.length, 'Lifestyle Preferences lists a tag twice'),
      )
      .optional()
      .describe('Comma-separated lifestyle tags; a member matches with any of them'),
    verified: flag('Verified Only').optional(),
    online: flag('Online Now').optional().describe('Active within the last hour and showing it'),
    cursor: nearFirstCursorSchema,
  })
  .refine((f) => f.age_min === undefined || f.age_max === undefined || f.age_min <= f.age_max, {
    message: 'Age Range minimum must not be above its maximum',
    path: ['age_min'],
  });
/** The filters as the server reads them (numbers, booleans, tag lists). */
export type SearchFilters = z.output<typeof searchQuerySchema>;
/** The filters as a query string carries them. */
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchPageSchema = z
  .object({
    items: z
      .array(memberCardSchema)
      .describe(
        `Up to ${SEARCH_PAGE_SIZE} members: without a distance filter, those within the viewer’s distance preference first (nearest first), then most recently active first`,
      ),
    total: z
      .int()
      .min(0)
      .max(SEARCH_COUNT_CAP)
      .nullable()
      .describe(
        `Members matching the filters, exact up to ${SEARCH_COUNT_CAP}; on the first page only (null after)`,
      ),
    total_capped: z
      .boolean()
      .describe(`More than ${SEARCH_COUNT_CAP} members match ("${SEARCH_COUNT_CAP}+ Results")`),
    next_cursor: z.string().nullable().describe('null on the last page'),
    max_visible_tier: tierSchema.describe('"Showing up to Tier N"'),
    widening: wideningSchema,
  })
  .describe('One page of browse/search results');
export type SearchPage = z.infer<typeof searchPageSchema>;

/** Where a member says they are: a city of the bundled list, or the browser's position (snapped by the server). */
export const locationBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('city'),
    city: z.string().min(1).max(80).describe('A city id from the bundled list, e.g. "Los Angeles, CA"'),
  }),
  z.object({
    kind: z.literal('position'),
    lat: z
      .number()
      .min(-90, 'Latitude must be between -90 and 90')
      .max(90, 'Latitude must be between -90 and 90'),
    lng: z
      .number()
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180'),
  }),
]);
export type LocationBody = z.infer<typeof locationBodySchema>;

export const myLocationSchema = z
  .object({
    city: z.string(),
    state: z.string(),
    coordinates: z
      .object({ lat: z.number(), lng: z.number() })
      .nullable()
      .describe('Your stored point: a city centre or your position snapped to about 1 km'),
  })
  .describe('Your own location (only you see the coordinates)');
export type MyLocation = z.infer<typeof myLocationSchema>;

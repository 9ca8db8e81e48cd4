import { apiErrorBodySchema, idParamSchema } from '@royal/shared';

// What the date-plan routes (routes.ts) and the routes watching over a date (watch-routes.ts)
// declare alike.

export const tags = ['date plans'];

/** The refusals a date-plan route may answer, for its reply schema. */
export const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/** A signed-in member past onboarding. */
export const members = { access: 'member' as const, ready: true };

/** The plan's (or, under /matches, the chat's) id. */
export const params = idParamSchema;

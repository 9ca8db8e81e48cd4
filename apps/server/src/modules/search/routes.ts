import { apiErrorBodySchema, type SearchPage, searchPageSchema, searchQuerySchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { searchMembers } from './search';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      // Browsing is for every tier (Observers browse only); what a tier sees is searchMembers' tier cap.
      config: { access: 'member', ready: true },
      schema: {
        tags: ['search'],
        summary: 'Browse/search members with filters; only tiers up to yours',
        querystring: searchQuerySchema,
        response: {
          200: searchPageSchema,
          400: apiErrorBodySchema.describe('VALIDATION_FAILED naming the filter (details[].path)'),
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe("ONBOARDING_REQUIRED (or the route's own refusals)"),
        },
      },
    },
    // Written as JSON by searchMembers (PreparedJson): the reply serializer sends it as it is, and
    // outside production holds it to searchPageSchema like any other reply.
    async (request) =>
      (await searchMembers(app.ctx, {
        actor: actorOf(request),
        filters: request.query,
      })) as unknown as SearchPage,
  );
};

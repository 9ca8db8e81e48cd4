import { apiErrorBodySchema, idParamSchema, memberProfileSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { getMemberProfile } from './service';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members/:id',
    {
      // A page of someone else is part of the app proper: onboarding first, as for the feed.
      config: { access: 'member', ready: true },
      schema: {
        tags: ['members'],
        summary: "A member's profile page; the first opening in a day counts as a profile view",
        params: idParamSchema,
        response: {
          200: memberProfileSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe(
            "PROFILE_RESTRICTED, with details.required_tier and details.my_swipe (the viewer's own swipe on them, or null)",
          ),
          404: apiErrorBodySchema.describe('PROFILE_NOT_FOUND'),
        },
      },
    },
    async (request) =>
      getMemberProfile(app.ctx, {
        actor: actorOf(request),
        memberId: request.params.id,
        // A link on another site can open the page but not inflate the counter.
        countView: request.headers['sec-fetch-site'] !== 'cross-site',
      }),
  );
};

import { apiErrorBodySchema, idParamSchema, memberProfileSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../plugins/session';
import { getMemberProfile } from './service';

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireMember);

  app.get(
    '/members/:id',
    {
      schema: {
        tags: ['members'],
        summary: "A member's profile page; opening it records a profile view (not in ghost mode)",
        params: idParamSchema,
        response: {
          200: memberProfileSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('PROFILE_RESTRICTED, with details.required_tier'),
          404: apiErrorBodySchema.describe('PROFILE_NOT_FOUND'),
        },
      },
    },
    async (request) => getMemberProfile(app.ctx, memberOf(request), request.params.id),
  );
};

import { apiErrorBodySchema, interestsSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, requireMember } from '../../plugins/session';
import { loadInterests, removeFavorite } from './service';

const favoriteParamsSchema = z.object({
  targetId: z.uuid().describe('The member to remove from your favorites'),
});

export const interestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireMember);
  const tags = ['interests'];

  app.get(
    '/interests',
    {
      schema: {
        tags,
        summary: 'Who viewed, liked and favorited you, your favorites, and the counts',
        response: { 200: interestsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadInterests(app.ctx, memberOf(request)),
  );

  app.delete(
    '/favorites/:targetId',
    {
      schema: {
        tags,
        summary: 'Remove a member from your favorites (undo your super like)',
        params: favoriteParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema.describe('You have not super liked this member'),
        },
      },
    },
    async (request, reply) => {
      await removeFavorite(app.ctx, memberOf(request), request.params.targetId);
      return reply.status(204).send(null);
    },
  );
};

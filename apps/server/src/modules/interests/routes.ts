import { apiErrorBodySchema, interestsSchema, uuidInput } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { loadInterests, removeFavorite } from './service';

const favoriteParamsSchema = z.object({
  targetId: uuidInput().describe('The member to remove from your favorites'),
});

export const interestRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['interests'];

  app.get(
    '/interests',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Who viewed, liked and favorited you, your favorites, and the counts',
        response: { 200: interestsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadInterests(app.ctx, { actor: actorOf(request) }),
  );

  app.delete(
    '/favorites/:targetId',
    {
      config: { access: 'member' },
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
      await removeFavorite(app.ctx, { actor: actorOf(request), targetId: request.params.targetId });
      return reply.status(204).send(null);
    },
  );
};

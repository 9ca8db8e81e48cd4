import { apiErrorBodySchema, meSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { loadMe } from './service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { access: 'member' },
      schema: {
        tags: ['me'],
        summary: "The signed-in member's own profile, roles and derived capabilities",
        response: { 200: meSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadMe(app.ctx, actorOf(request).id),
  );
};

import { apiErrorBodySchema, meSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../plugins/session';
import { loadMe } from './service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      preHandler: requireMember,
      schema: {
        tags: ['me'],
        summary: "The signed-in member's own profile, roles and derived capabilities",
        response: { 200: meSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => {
      const member = memberOf(request);
      return loadMe(app.ctx, member.id, member.email);
    },
  );
};

import { apiErrorBodySchema, meSchema, sessionReplySchema } from '@royal/shared';
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

  // The web app's start-up check: a signed-out visitor is an answer (200, user null), not an error,
  // so a signed-out page load logs no failed request in the browser console.
  app.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['me'],
        summary: 'The signed-in member, or null without a session (never 401)',
        response: { 200: sessionReplySchema },
      },
    },
    async (request, reply) => {
      await app.resolveOptionalActor(request, reply);
      return { user: request.actor ? await loadMe(app.ctx, request.actor.id) : null };
    },
  );
};

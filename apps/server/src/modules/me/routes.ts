import {
  apiErrorBodySchema,
  locationBodySchema,
  meSchema,
  myLocationSchema,
  sessionReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { setMyLocation } from './location';
import { loadMe, sessionReply } from './service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      // The web app reads the gate's state from here before anything else.
      config: { access: 'member', beforeCompliance: true },
      schema: {
        tags: ['me'],
        summary: "The signed-in member's own profile, roles and derived capabilities",
        response: { 200: meSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadMe(app.ctx, actorOf(request).id),
  );

  app.put(
    '/me/location',
    {
      config: { access: 'member' },
      schema: {
        tags: ['me'],
        summary:
          'Set your location: a city of the list, or your position (snapped to about 1 km before it is stored)',
        body: locationBodySchema,
        response: { 200: myLocationSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => setMyLocation(app.ctx, { userId: actorOf(request).id, body: request.body }),
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
      return sessionReply(app.ctx, request.actor);
    },
  );
};

import {
  apiErrorBodySchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRemovalSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { pushPublicKey } from './key';
import { subscribeDevice } from './subscribe';
import { unsubscribeDevice } from './unsubscribe';

/**
 * Web push (issue 40): a member turns pushes on or off per device, from Settings. Signed-in members
 * past onboarding; nothing here talks to a push service (the delivery worker does).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['push'];
  const config = { access: 'member', ready: true } as const;
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

  app.get(
    '/push/key',
    {
      config,
      schema: {
        tags,
        summary: 'The key a browser subscribes to pushes with (VAPID, base64url)',
        response: { 200: pushPublicKeySchema, ...errors },
      },
    },
    async () => pushPublicKey(app.ctx),
  );

  app.post(
    '/push/subscriptions',
    {
      config,
      schema: {
        tags,
        summary: 'Turn pushes on for this device (its PushSubscription.toJSON()); at most 10 devices',
        body: pushSubscriptionInputSchema,
        response: { 201: z.null().describe('Pushes are on for this device'), ...errors },
      },
    },
    async (request, reply) => {
      await subscribeDevice(app.ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config,
      schema: {
        tags,
        summary: 'Turn pushes off for this device (answers the same for an endpoint that is not yours)',
        body: pushSubscriptionRemovalSchema,
        response: { 204: z.null().describe('Pushes are off for this device'), ...errors },
      },
    },
    async (request, reply) => {
      await unsubscribeDevice(app.ctx, { actor: actorOf(request), endpoint: request.body.endpoint });
      return reply.status(204).send(null);
    },
  );
};

import {
  adminClaimSchema,
  adminQueueCountsSchema,
  adminQueueParamsSchema,
  apiErrorBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { claimItem } from './claim';
import { queueCounts } from './counts';
import { releaseClaim } from './release';

/** The admin dashboard's queues: counts for the tabs, and claims on items (admins, second factor confirmed). */
export const adminQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  // A role route: the access hook reads the actor fresh and asks for the session's second factor.
  const access = { role: 'admin' } as const;
  const errors = {
    400: apiErrorBodySchema,
    401: apiErrorBodySchema,
    403: apiErrorBodySchema.describe('Admins only, with the second factor confirmed in this session'),
  };
  const claimed = apiErrorBodySchema.describe('CLAIMED_BY_OTHER: another admin holds a live claim');

  app.get(
    '/admin/queues',
    {
      config: { access },
      schema: {
        tags,
        summary: 'How many items wait in each queue, and how many of them are claimed',
        response: { 200: adminQueueCountsSchema, ...errors },
      },
    },
    async () => queueCounts(app.ctx),
  );

  app.post(
    '/admin/queues/:queue/:id/claim',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Claim an item (or renew your claim): nobody else may decide it for 15 minutes',
        params: adminQueueParamsSchema,
        response: {
          200: adminClaimSchema,
          ...errors,
          404: apiErrorBodySchema.describe('No such item'),
          409: apiErrorBodySchema.describe(
            'CLAIMED_BY_OTHER: another admin holds a live claim; CONFLICT: the item was already decided',
          ),
        },
      },
    },
    async (request) =>
      claimItem(app.ctx, { actor: actorOf(request), queue: request.params.queue, itemId: request.params.id }),
  );

  app.post(
    '/admin/queues/:queue/:id/release',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Give up your claim on an item (nothing happens if you hold none)',
        params: adminQueueParamsSchema,
        response: { 204: z.null().describe('Released'), ...errors, 409: claimed },
      },
    },
    async (request, reply) => {
      await releaseClaim(app.ctx, {
        actor: actorOf(request),
        queue: request.params.queue,
        itemId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};

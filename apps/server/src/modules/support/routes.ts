import {
  apiErrorBodySchema,
  idParamSchema,
  supportRequestBodySchema,
  supportRequestSchema,
  supportRequestsPageSchema,
  supportRequestsQuerySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { closeSupportRequest } from './close-request';
import { fileSupportRequest } from './file-request';
import { supportRequestsQueue } from './requests-queue';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

  app.post(
    '/support-requests',
    {
      config: { access: 'member' },
      schema: {
        tags: ['support'],
        summary: 'Ask the Royal Circle team for help, or tell them about a problem with the app',
        body: supportRequestBodySchema,
        response: {
          201: supportRequestSchema,
          ...errors,
          409: apiErrorBodySchema.describe('Too many of your requests are still waiting for a reply'),
        },
      },
    },
    async (request, reply) => {
      const { topic, message } = request.body;
      const filed = await fileSupportRequest(app.ctx, { actor: actorOf(request), topic, message });
      return reply.status(201).send(filed);
    },
  );

  app.get(
    '/admin/support-requests',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Members’ support requests, newest or oldest first, all or in one status, with who asked',
        querystring: supportRequestsQuerySchema,
        response: { 200: supportRequestsPageSchema, ...errors },
      },
    },
    async (request) => supportRequestsQueue(app.ctx, { query: request.query }),
  );

  app.post(
    '/admin/support-requests/:id/close',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Mark a support request answered',
        params: idParamSchema,
        response: {
          200: supportRequestSchema,
          ...errors,
          404: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('CLAIMED_BY_OTHER: another admin is working on it'),
        },
      },
    },
    async (request) =>
      closeSupportRequest(app.ctx, {
        actor: actorOf(request),
        requestId: request.params.id,
        ip: requestAddress(request),
      }),
  );
};

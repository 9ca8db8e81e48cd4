import { apiErrorBodySchema, idParamSchema, notificationListSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { clearAll, dismiss, listNotifications, markAllRead, markRead } from './service';

const noContent = { 204: z.null().describe('Done'), 401: apiErrorBodySchema };
const config = { access: 'member' } as const;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        response: { 200: notificationListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => listNotifications(app.ctx, actorOf(request).id),
  );
  app.post(
    '/notifications/read-all',
    { config, schema: { tags, summary: 'Mark all your notifications read', response: noContent } },
    async (request, reply) => {
      await markAllRead(app.ctx, actorOf(request).id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/notifications/:id/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: idParamSchema,
        response: { ...noContent, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await markRead(app.ctx, actorOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/notifications/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Dismiss one notification',
        params: idParamSchema,
        response: { ...noContent, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await dismiss(app.ctx, actorOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/notifications',
    { config, schema: { tags, summary: 'Clear all your notifications', response: noContent } },
    async (request, reply) => {
      await clearAll(app.ctx, actorOf(request).id);
      return reply.status(204).send(null);
    },
  );
};

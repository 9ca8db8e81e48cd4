import { apiErrorBodySchema, idParamSchema, notificationListSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, requireMember } from '../../plugins/session';
import { clearAll, dismiss, listNotifications, markAllRead, markRead } from './service';

const noContent = { 204: z.null().describe('Done'), 401: apiErrorBodySchema };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireMember);
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first',
        response: { 200: notificationListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => listNotifications(app.ctx, memberOf(request).id),
  );
  app.post(
    '/notifications/read-all',
    { schema: { tags, summary: 'Mark all your notifications read', response: noContent } },
    async (request, reply) => {
      await markAllRead(app.ctx, memberOf(request).id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: idParamSchema,
        response: { ...noContent, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await markRead(app.ctx, memberOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Dismiss one notification',
        params: idParamSchema,
        response: { ...noContent, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await dismiss(app.ctx, memberOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/notifications',
    { schema: { tags, summary: 'Clear all your notifications', response: noContent } },
    async (request, reply) => {
      await clearAll(app.ctx, memberOf(request).id);
      return reply.status(204).send(null);
    },
  );
};

import {
  AppError,
  apiErrorBodySchema,
  ErrorCode,
  realtimeMissedQuerySchema,
  realtimeMissedSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { sessionCookieName } from '../auth';
import { createRealtimeHub } from './hub';
import { missedEvents } from './positions';

/**
 * The realtime channel: one WebSocket per signed-in tab at /api/realtime. The handshake is checked
 * like any member route (the access hook resolves the session with the same resolver as HTTP) and,
 * since browsers send cookies on cross-site WebSocket handshakes too, its Origin must be one of
 * ours. Frames are handled by the hub (modules/realtime/hub.ts).
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createRealtimeHub(app.ctx);
  const cookieName = sessionCookieName(app.ctx.config.secureCookies);
  // Before the HTTP server waits for its connections: sockets would otherwise hold it open.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/realtime',
    {
      websocket: true,
      config: { access: 'member' },
      schema: {
        tags: ['realtime'],
        summary:
          'WebSocket: server events (message.created, message.read, typing, notification.created, notification.read, match.created, match.updated); client frames typing and ping',
        response: { 401: apiErrorBodySchema, 403: apiErrorBodySchema, 429: apiErrorBodySchema },
      },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin === undefined || !app.ctx.config.allowedOrigins.includes(origin)) {
          throw new AppError(ErrorCode.CROSS_ORIGIN, 'Cross-origin requests are not allowed');
        }
        // Each socket holds memory and a share of the member's frames: a member (tabs, devices)
        // holds at most REALTIME_LIMITS.socketsPerMember here; another is refused before the upgrade.
        if (!hub.canOpen(actorOf(request).id)) {
          throw new AppError(ErrorCode.RATE_LIMITED, 'Too many open connections. Close a tab and try again.');
        }
      },
    },
    (socket, request) => {
      hub.attach(socket, actorOf(request), request.cookies[cookieName] ?? '');
    },
  );

  app.get(
    '/realtime/missed',
    {
      config: { access: 'member' },
      schema: {
        tags: ['realtime'],
        summary:
          "The caller's realtime events after a position (decision 064): what a tab missed while its socket was closed, oldest first",
        querystring: realtimeMissedQuerySchema,
        response: { 200: realtimeMissedSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) =>
      missedEvents(
        { db: app.ctx.db, keys: app.ctx.messageKeys, log: request.log, busBreak: app.ctx.bus.lastBreak() },
        { userId: actorOf(request).id, query: request.query },
      ),
  );
};

import {
  apiErrorBodySchema,
  feedPageSchema,
  feedQuerySchema,
  feedResetReplySchema,
  swipeBodySchema,
  swipeReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../plugins/session';
import { loadFeed, resetPasses } from './service';
import { recordSwipe } from './swipes';

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireMember);
  const tags = ['discovery'];

  app.get(
    '/discovery/feed',
    {
      schema: {
        tags,
        summary: 'One page of the swipe feed: visible profiles plus a few locked higher-tier teasers',
        querystring: feedQuerySchema,
        response: { 200: feedPageSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadFeed(app.ctx, memberOf(request), request.query.cursor),
  );

  app.post(
    '/discovery/reset',
    {
      schema: {
        tags,
        summary: 'Start Over: forget your passes so those profiles come back (likes stay)',
        response: { 200: feedResetReplySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => resetPasses(app.ctx, memberOf(request)),
  );

  app.post(
    '/swipes',
    {
      schema: {
        tags,
        summary: 'Pass, like or super like a member; a mutual like creates a 48-hour match',
        body: swipeBodySchema,
        response: {
          200: swipeReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe(
            'TIER_REQUIRED, SUBSCRIPTION_INACTIVE, LOCKED_PROFILE or FORBIDDEN',
          ),
          404: apiErrorBodySchema.describe('PROFILE_NOT_FOUND'),
          409: apiErrorBodySchema.describe('ALREADY_SWIPED'),
        },
      },
    },
    async (request) => recordSwipe(app.ctx, memberOf(request), request.body),
  );
};

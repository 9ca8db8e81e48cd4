import {
  apiErrorBodySchema,
  feedPageSchema,
  feedQuerySchema,
  feedResetReplySchema,
  swipeAllowanceSchema,
  swipeBodySchema,
  swipeReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { loadSwipeAllowance } from './allowance';
import { loadFeed, resetPasses } from './service';
import { recordSwipe } from './swipes';

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['discovery'];

  app.get(
    '/discovery/feed',
    {
      config: { access: 'member', ready: true },
      schema: {
        tags,
        summary: 'One page of the swipe feed: visible profiles plus a few locked higher-tier teasers',
        querystring: feedQuerySchema,
        response: {
          200: feedPageSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('ONBOARDING_REQUIRED'),
        },
      },
    },
    async (request) => loadFeed(app.ctx, { actor: actorOf(request), cursor: request.query.cursor }),
  );

  app.post(
    '/discovery/reset',
    {
      config: { access: 'member', ready: true },
      schema: {
        tags,
        summary: 'Start Over: forget your passes so those profiles come back (likes stay)',
        response: {
          200: feedResetReplySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('ONBOARDING_REQUIRED'),
        },
      },
    },
    async (request) => resetPasses(app.ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/swipes',
    {
      config: { access: { capability: 'swipe' }, ready: true },
      schema: {
        tags,
        summary:
          'Pass, like or super like a member; a mutual like creates a 48-hour match. A super like beyond the day’s allowance spends a Super Likes Pack token; a like on a locked card with `use_message_token` spends a message token',
        body: swipeBodySchema,
        response: {
          200: swipeReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe(
            'TIER_REQUIRED, SUBSCRIPTION_INACTIVE, LOCKED_PROFILE (also: no message token left), SUPER_LIKE_LIMIT or FORBIDDEN',
          ),
          404: apiErrorBodySchema.describe('PROFILE_NOT_FOUND'),
          409: apiErrorBodySchema.describe('ALREADY_SWIPED'),
        },
      },
    },
    async (request) => recordSwipe(app.ctx, { actor: actorOf(request), input: request.body }),
  );

  app.get(
    '/discovery/allowance',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Super likes left today and the Super Likes Pack and message tokens you hold',
        response: { 200: swipeAllowanceSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => loadSwipeAllowance(app.ctx, { actor: actorOf(request) }),
  );
};

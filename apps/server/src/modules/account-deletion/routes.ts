import { apiErrorBodySchema, deleteAccountBodySchema, deleteAccountReplySchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { rateLimitKey } from '../../plugins/security';
import { deleteAccount } from './delete';

export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/delete',
    {
      // Fresh: the member as they are now; limited as a sign-in is, since the password is asked.
      config: {
        access: 'member',
        fresh: true,
        rateLimit: failsClosed({
          max: app.ctx.config.rateLimits.authPerAddressPerMinute,
          timeWindow: '1 minute',
          keyGenerator: rateLimitKey,
        }),
      },
      schema: {
        tags: ['account'],
        summary: 'Delete your account: signed out everywhere, personal data deleted, records pseudonymised',
        body: deleteAccountBodySchema,
        response: {
          200: deleteAccountReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema.describe('Signed out, or INVALID_CREDENTIALS: the password is wrong'),
          403: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('The wallet holds money or a withdrawal or transfer is pending'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const cookies = await deleteAccount(app.ctx, { actor: actorOf(request), input: request.body });
      reply.header('set-cookie', cookies);
      return { deleted: true as const };
    },
  );
};

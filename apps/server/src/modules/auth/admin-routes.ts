import { apiErrorBodySchema, idParamSchema, secondFactorResetReplySchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { resetSecondFactor } from './second-factor-reset';

/** Admin work on members' sign-in, under /api/admin (decision 057). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/admin/members/:id/second-factor/reset',
    {
      // Like every admin route: the role, and a session confirmed with the admin's own second factor.
      config: { access: { role: 'admin' }, fresh: true },
      schema: {
        tags: ['admin'],
        summary:
          "Remove a member's two-factor and passkeys (a lost phone) and sign out all their sessions; they are told by e-mail",
        params: idParamSchema,
        response: {
          200: secondFactorResetReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('Not an admin, no confirmed second factor, or your own account'),
          404: apiErrorBodySchema,
        },
      },
    },
    async (request) => resetSecondFactor(ctx, actorOf(request), request.params.id, requestAddress(request)),
  );
};

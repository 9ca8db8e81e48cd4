import { apiErrorBodySchema, auditPageSchema, auditQuerySchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './list';

/** The admins' reading of the audit trail (issue 37), under /api/admin. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/admin/audit',
    {
      // Like every admin route: the role, and a session confirmed with a second factor (decision 057).
      config: { access: { role: 'admin' }, fresh: true },
      schema: {
        tags: ['admin'],
        summary:
          'The audit log: who did what to whom, before → after, why, when and from where; newest first',
        querystring: auditQuerySchema,
        response: {
          200: auditPageSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('Not an admin, or no second factor confirmed in this session'),
        },
      },
    },
    async (request) => listAudit(ctx, { query: request.query }),
  );
};

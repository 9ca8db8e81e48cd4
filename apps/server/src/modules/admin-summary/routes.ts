import { adminSummarySchema, apiErrorBodySchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSummaryCache } from './summary';

/** The admin dashboard's summary cards (admins, second factor confirmed). */
export const adminSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const summary = adminSummaryCache(app.ctx);
  app.get(
    '/admin/summary',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Total users, revenue, paid users and Tier 4 users, counted at most every 30 seconds',
        response: {
          200: adminSummarySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('Admins only, with the second factor confirmed in this session'),
        },
      },
    },
    async () => summary(),
  );
};

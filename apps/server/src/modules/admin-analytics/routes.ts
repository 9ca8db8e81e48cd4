import {
  analyticsChartParamsSchema,
  analyticsChartSchema,
  analyticsQuerySchema,
  apiErrorBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chartCsv, chartCsvFilename } from './csv';
import { readChart } from './read-chart';

/** The admin dashboard's Analytics tab (issue 37), under /api/admin. */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/admin/analytics/:chart',
    {
      // Like every admin route: the role, and a session confirmed with the admin's own second factor.
      config: { access: { role: 'admin' }, fresh: true },
      schema: {
        tags: ['admin'],
        summary:
          "One chart's figures by UTC day over a range (default the last 30 days): rollups and today live",
        params: analyticsChartParamsSchema,
        querystring: analyticsQuerySchema,
        response: {
          200: z.union([
            analyticsChartSchema,
            z.string().describe('format=csv: the same figures as text/csv'),
          ]),
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('Not an admin, or no second factor confirmed in this session'),
        },
      },
    },
    async (request, reply) => {
      const { format, ...range } = request.query;
      const data = await readChart(ctx, request.params.chart, range);
      if (format === 'json') return data;
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${chartCsvFilename(data)}"`,
          'cache-control': 'no-store',
        })
        .send(chartCsv(data));
    },
  );
};

import { landingStatsSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingStatsCache } from './stats';

/** How long a browser (or a proxy) may keep the figures: they are the same for every visitor. */
const BROWSER_CACHE = 'public, max-age=60';

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const landingStats = landingStatsCache(app.ctx);

  app.get(
    '/public/stats',
    {
      config: { access: 'public', ownCaching: true },
      schema: {
        tags: ['landing'],
        summary: "The landing page's member counts per launch city and figures, counted from the database",
        response: { 200: landingStatsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', BROWSER_CACHE);
      return landingStats();
    },
  );
};

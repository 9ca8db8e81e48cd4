import type { FastifyInstance } from 'fastify';
import { registerScrapeGauges } from './gauges';
import { requireOperator } from './operator-access';
import type { AppMetrics } from './registry';

/**
 * GET /metrics, the Prometheus exposition (decision 066). Not under /api: it is the operator's, not
 * the members', and the proxy need not route it at all. Public as the access hook sees it (no member
 * session), like the payment webhooks: the operator's address or token, checked by its own hook
 * before anything else, is what admits a caller.
 */
export function metricsRoutes(metrics: AppMetrics) {
  return async (app: FastifyInstance) => {
    const { ctx } = app;
    registerScrapeGauges(metrics.registry, {
      database: ctx.database,
      db: ctx.db,
      jobs: ctx.jobs,
      log: ctx.log,
      // @fastify/websocket tracks every socket it accepted on this instance (the realtime hub's).
      sockets: () => app.websocketServer?.clients.size ?? 0,
    });

    app.get(
      '/metrics',
      {
        config: { access: 'public' },
        schema: { hide: true },
        onRequest: requireOperator(ctx.config),
      },
      async (_request, reply) => {
        const text = await metrics.text();
        return reply
          .header('content-type', metrics.contentType)
          .header('cache-control', 'no-store')
          .send(text);
      },
    );
  };
}

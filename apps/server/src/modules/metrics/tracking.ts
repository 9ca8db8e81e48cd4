import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './registry';
import { registerRequestIds } from './request-id';

/**
 * What every request goes through, registered on the root before any route: its id (echoed, and in
 * scope for the jobs it queues) and its figures once answered, under its route's pattern.
 */
export function registerRequestTracking(app: FastifyInstance, metrics: AppMetrics) {
  registerRequestIds(app);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

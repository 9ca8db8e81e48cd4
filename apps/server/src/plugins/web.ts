import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; every other non-API GET
 * that accepts HTML gets index.html so that the client router can take it (deep links, 404 page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web build not found: run `npm run build` to serve the app');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return reply.callNotFound();
    }
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(webDist, file)) && !file.endsWith('/')) {
      return reply.sendFile(file);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import { AppError, ErrorCode } from '@royal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { connectionKey } from './connections';
import { outageAwareStore } from './rate-limit-store';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `injectWS` and some proxies leave `req.ip` empty; every limiter must still get a key. */
export const clientAddress = (request: FastifyRequest) =>
  request.ip || request.socket?.remoteAddress || 'unknown';

/**
 * What a per-address limit counts by: the client's address grouped as the connection limit groups
 * it (an IPv6 address by its /64), so that one subscriber does not get a budget per address it holds.
 */
export const rateLimitKey = (request: FastifyRequest) => connectionKey(clientAddress(request));

/**
 * A state-changing request must come from our own pages. Browsers always send Origin on such
 * requests (and Sec-Fetch-Site); non-browser clients send neither and carry no ambient cookie risk.
 */
export function assertSameOrigin(request: FastifyRequest, config: AppConfig) {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (origin !== undefined && !config.allowedOrigins.includes(origin)) {
    throw new AppError(ErrorCode.CROSS_ORIGIN, 'Cross-origin requests are not allowed');
  }
  if (fetchSite === 'cross-site') {
    throw new AppError(ErrorCode.CROSS_ORIGIN, 'Cross-origin requests are not allowed');
  }
}

/**
 * The route limit of every upload (photos, ID images): decoding is CPU on this instance, so a flood
 * is refused per address before any body is read.
 */
export const uploadRateLimit = (config: AppConfig) => ({
  max: config.rateLimits.uploadsPerAddressPerMinute,
  timeWindow: '1 minute',
});

/** `/api` and everything under it, whatever the query string. */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function registerSecurity(app: FastifyInstance, config: AppConfig, redis: Redis | undefined) {
  // A client past a rate limit does not keep its connection: it is closed after the 429, so a body
  // still to come no longer holds it open (Node would go on reading it, to reuse the connection),
  // and each further request pays for a new connection.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 429) reply.header('connection', 'close');
  });

  // API replies carry member data: no browser or proxy may keep them. Runs on every reply, errors,
  // 404s and the rate limit's 429 included, and replaces what a plugin set (the API docs' static
  // files came as `public, max-age=0`); only a route that declares its own caching keeps it (photos),
  // and only for what it answers: its refusals (401, 403, 404) are no-store like every other.
  app.addHook('onSend', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    if (request.routeOptions.config?.ownCaching !== true || reply.statusCode >= 400)
      reply.header('cache-control', 'no-store');
  });

  const wsOrigin = config.publicOrigin.replace(/^http/, 'ws');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Scripts are strictly same-origin. Styles may be inline: sonner and Radix's scroll lock inject
        // <style> elements with computed content at run time (docs/decisions/002-csp-inline-styles.md).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        // The service worker and the web app manifests are our own files (docs/decisions/070); said
        // outright rather than left to default-src, so a later change there cannot take them away.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method)) assertSameOrigin(request, config);
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimits.apiPerAddressPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    // In Redis, shared by every instance; while Redis is away, counted per instance, except on the
    // routes whose limit fails closed (rate-limit-store.ts, decision 063).
    ...(redis ? { store: outageAwareStore(redis, 'rc-rl:') } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError(ErrorCode.RATE_LIMITED, undefined, { retry_after_ms: context.ttl });
      return error;
    },
  });
}

/**
 * Helmet's headers, worked out once at start-up. They depend on nothing in the request (no nonces,
 * no per-request directives), and the Fastify plugin rebuilt Helmet's whole middleware — parsing
 * every directive — on each request, a measurable share of a small API call.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, ErrorCode } from '@royal/shared';
import type { FastifyRequest } from 'fastify';
import { type AppConfig, addressMatcher } from '../../config';
import { clientAddress } from '../../plugins/security';

export const METRICS_REFUSED_MESSAGE =
  "Metrics are readable only from the operators' addresses or with the metrics token";

/** Headers a proxy names the client in. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const BEARER = /^Bearer ([!-~]+)$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics (decision 066): a caller whose address is in METRICS_ALLOW, or one that
 * carries `Authorization: Bearer <METRICS_TOKEN>`.
 *
 * The address is `request.ip`: the connection's own, or, behind our proxies (TRUST_PROXY), the first
 * hop they did not add, so a forwarded header an outsider writes names no one. Without TRUST_PROXY a
 * request that names a forwarded client is refused by address whatever its connection: the only
 * thing that sends one is a proxy we were not told about (every client would look like it) or a
 * client pretending to be one.
 *
 * The token is compared as SHA-256 digests with timingSafeEqual: equal lengths, constant time, so the
 * time taken says nothing about how much of a guess was right.
 */
export function metricsAdmission(config: Pick<AppConfig, 'metrics' | 'trustProxy'>) {
  const allowed = addressMatcher(config.metrics.allow);
  const token = config.metrics.token === undefined ? undefined : digest(config.metrics.token);
  const behindUnknownProxy = (request: FastifyRequest) =>
    config.trustProxy === false && FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);

  return function admits(request: FastifyRequest): boolean {
    if (token) {
      const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (given !== undefined && timingSafeEqual(digest(given), token)) return true;
    }
    return !behindUnknownProxy(request) && allowed(clientAddress(request));
  };
}

/** The route's onRequest hook: 403 FORBIDDEN for anyone metricsAdmission does not admit. */
export function requireOperator(config: Pick<AppConfig, 'metrics' | 'trustProxy'>) {
  const admits = metricsAdmission(config);
  return async (request: FastifyRequest) => {
    if (!admits(request)) throw new AppError(ErrorCode.FORBIDDEN, METRICS_REFUSED_MESSAGE);
  };
}

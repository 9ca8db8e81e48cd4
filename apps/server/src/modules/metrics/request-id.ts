import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RequestScope, requestScope as scope } from '../../lib/request-scope';

/**
 * Request ids (decision 066). Every request has one (`request.id`, the `reqId` of its log lines,
 * echoed in X-Request-Id); a job queued while a request is handled carries it, and every log line
 * of that job's run shows it, so one id finds the request and the work it left behind.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's id is kept only when it is a short token: it goes into every log line of the request. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

const isSane = (value: unknown): value is string => typeof value === 'string' && SANE_REQUEST_ID.test(value);

/**
 * Fastify's `genReqId`: the X-Request-Id our proxy (TRUST_PROXY) sent, when it is sane, so the
 * proxy's access log and ours share it; otherwise a random id (a client cannot choose the id its
 * lines are filed under, nor collide with another request's).
 */
export function requestIdGenerator(fromTrustedProxy: (address: string) => boolean) {
  return (req: IncomingMessage): string => {
    const given = req.headers[REQUEST_ID_HEADER];
    return isSane(given) && fromTrustedProxy(req.socket?.remoteAddress ?? '') ? given : randomUUID();
  };
}

/** The id a job's data carries, if it is one (job data is read back from the database). */
export function requestIdOf(data: unknown): string | undefined {
  const reqId = (data as { reqId?: unknown } | null | undefined)?.reqId;
  return isSane(reqId) ? reqId : undefined;
}

/** The id of the request or job run this code runs for, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.reqId;

/** Runs a job's work under the id of the request that queued it (none: as it is). */
export function inJobScope<T>(reqId: string | undefined, body: () => T): T {
  return reqId === undefined ? body() : scope.run({ reqId, job: true }, body);
}

/**
 * The logger's mixin: inside a job run, every line (the app's logger, which jobs log through) gets
 * the `reqId` of the request that queued it. A request's own lines already carry it (Fastify's child
 * logger), so nothing is added there. A new object each time: pino assigns the line's fields into it.
 */
export function jobLogFields(): { reqId?: string } {
  const current = scope.getStore();
  return current?.job ? { reqId: current.reqId } : {};
}

/** The logger options with the job mixin (false or true left as they are). */
export function withJobRequestIds<T>(logger: T): T {
  return logger !== null && typeof logger === 'object' ? { ...logger, mixin: jobLogFields } : logger;
}

/**
 * Echoes the id in the reply (errors included: set before anything can fail) and enters its scope
 * for the hooks and the handler, so `jobs.send` finds it and the database's connection budget
 * covers the actor's read (an onRequest hook) and the handler's statements alike. Entered again,
 * the same scope, at preValidation: a body is read on the request stream's events, which do not
 * carry an earlier hook's scope to the handler.
 */
export function registerRequestIds(app: FastifyInstance) {
  const scopes = new WeakMap<FastifyRequest, RequestScope>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const own: RequestScope = { reqId: request.id, job: false };
    scopes.set(request, own);
    scope.run(own, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    scope.run(scopes.get(request) ?? { reqId: request.id, job: false }, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const own = scopes.get(request);
    if (own) own.answered = true;
    done();
  });
}

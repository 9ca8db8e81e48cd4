import { apiErrorBodySchema } from '@royal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../plugins/access';
import type { MemberActor } from '../auth';
import type { IdempotentReply } from './idempotency';

/** What a money service takes: the member, their Idempotency-Key and the validated body. */
export type Keyed<T> = { actor: MemberActor; key: string; input: T };

/** Sends a money route's reply as first given; a repeat is marked so clients and logs can tell. */
export function sendIdempotent(reply: FastifyReply, result: IdempotentReply) {
  return reply
    .status(result.status)
    .header('idempotent-replayed', result.replayed ? 'true' : 'false')
    .send(result.body);
}

type KeyedRequest<T> = FastifyRequest & { headers: { 'idempotency-key': string }; body: T };

/**
 * The handler of every money route (its schema declares `idempotencyHeaderSchema`): hands the member,
 * the key and the body to a keyed service, which runs the operation through runIdempotent, and sends
 * the reply as first given.
 */
export function idempotentHandler<T>(run: (keyed: Keyed<T>) => Promise<IdempotentReply>) {
  return async (request: KeyedRequest<T>, reply: FastifyReply) =>
    sendIdempotent(
      reply,
      await run({ actor: actorOf(request), key: request.headers['idempotency-key'], input: request.body }),
    );
}

/** The refusals a money route can answer (502: the payment provider failed), for its reply schema. */
export const MONEY_ROUTE_ERRORS = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  422: apiErrorBodySchema,
  502: apiErrorBodySchema,
};

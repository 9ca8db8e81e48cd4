import type { FastifyReply } from 'fastify';
import type { IdempotentReply } from './idempotency';

/** Sends a money route's reply as first given; a repeat is marked so clients and logs can tell. */
export function sendIdempotent(reply: FastifyReply, result: IdempotentReply) {
  return reply
    .status(result.status)
    .header('idempotent-replayed', result.replayed ? 'true' : 'false')
    .send(result.body);
}

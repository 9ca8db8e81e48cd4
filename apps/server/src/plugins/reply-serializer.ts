import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type $ZodType, safeEncode } from 'zod/v4/core';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * A reply a hot route assembled as JSON text itself, from fragments it keeps (browse's cards): written
 * as it is in production, and held to the route's schema like any other reply outside it.
 */
export class PreparedJson {
  constructor(readonly text: string) {}
}

/**
 * How replies become JSON. Every route declares its reply schema (packages/shared), and presenters
 * build exactly that shape — never a database row passed through — which is what keeps e-mail,
 * coordinates, wallet data and settings away from other members.
 *
 * Outside production the schema is enforced strictly: a reply that does not match it, *or that
 * carries anything the schema does not declare*, fails the request (and so the test that made it),
 * instead of being silently trimmed. Production, where every presenter has passed that check in the
 * suite, writes the reply as the presenter built it: parsing each reply again cost about a sixth of
 * a small request's time.
 */
export function replySerializer(mode: 'strict' | 'trusted'): SerializerCompiler {
  return ({ schema, method, url }) => {
    if (mode === 'trusted') {
      return (data) => (data instanceof PreparedJson ? data.text : JSON.stringify(data));
    }
    const zodSchema = schema as unknown as $ZodType;
    return (reply) => {
      const data = reply instanceof PreparedJson ? JSON.parse(reply.text) : reply;
      const result = safeEncode(zodSchema, data);
      if (result.error) {
        throw new Error(`${method} ${url}: the reply does not match its schema: ${result.error.message}`);
      }
      // Fields the schema does not declare would be trimmed here and leak in production: refuse.
      const plain = JSON.parse(JSON.stringify(data));
      if (!isDeepStrictEqual(plain, JSON.parse(JSON.stringify(result.data)))) {
        throw new Error(`${method} ${url}: the reply carries fields its schema does not declare`);
      }
      return JSON.stringify(result.data);
    };
  };
}

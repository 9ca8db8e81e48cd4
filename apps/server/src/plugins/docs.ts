import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests: the docs cannot drift. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Royal Circle API',
        version: '1.0.0',
        description:
          'Errors are `{ "error": { "code", "message" } }`. Member routes need the session cookie set by sign-in.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rc.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

import { apiErrorBodySchema, idParamSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberOf, requireMember } from '../../plugins/session';
import { readPhoto } from './service';

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photos/:id',
    {
      preHandler: requireMember,
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags: ['photos'],
        summary: 'A photo variant (WebP), for members allowed to see it',
        params: idParamSchema,
        querystring: z.object({ size: z.enum(['small', 'large', 'blur']).default('large') }),
        response: {
          200: z.any().describe('image/webp bytes'),
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const photo = await readPhoto(app.ctx, memberOf(request), request.params.id, request.query.size);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(photo.body);
    },
  );
};

import { apiErrorBodySchema, idParamSchema } from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { assertPhotoViewable, readPhoto } from './service';

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photos/:id',
    {
      config: { access: 'member', rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags: ['photos'],
        summary: 'A photo variant (WebP), for members allowed to see it',
        params: idParamSchema,
        querystring: z.object({ size: z.enum(['small', 'large', 'blur']).default('large') }),
        response: {
          200: z.any().describe('image/webp bytes'),
          304: z.null().describe('Your cached copy is current (access was checked again)'),
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const { size } = request.query;
      // A photo id's bytes never change, so the id and size are its entity tag. The browser keeps
      // its copy but asks every time (no-cache): a member who hides, goes private or blocks is
      // hidden at once, and an unchanged photo costs one access check and no bytes.
      const etag = `"${id}-${size}"`;
      const cacheHeaders = { 'cache-control': 'private, no-cache', etag, vary: 'Cookie' };
      if (request.headers['if-none-match'] === etag) {
        await assertPhotoViewable(app.ctx, actor, id, size);
        return reply.headers(cacheHeaders).status(304).send(null);
      }
      const photo = await readPhoto(app.ctx, actor, id, size);
      return reply
        .headers(cacheHeaders)
        .header('content-type', photo.contentType)
        .header('x-content-type-options', 'nosniff')
        .send(photo.body);
    },
  );
};

import multipart from '@fastify/multipart';
import {
  apiErrorBodySchema,
  idParamSchema,
  myPhotoSchema,
  myPhotosSchema,
  PHOTO_MAX_BYTES,
  photoAppealBodySchema,
  photoOrderBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { uploadRateLimit } from '../../plugins/security';
import { appealPhoto, deletePhoto, listMyPhotos, reorderPhotos, uploadPhoto } from './mine';
import { assertPhotoViewable, readPhoto } from './service';
import { readOnePhotoFile } from './upload-file';
import { PHOTO_SIZES } from './urls';

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes accept multipart bodies; the file is read by readOnePhotoFile.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  const tags = ['photos'];

  app.get(
    '/me/photos',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your photos in order, in every moderation state, with reasons and appeals',
        response: { 200: myPhotosSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => listMyPhotos(app.ctx, actorOf(request)),
  );

  app.post(
    '/me/photos',
    {
      config: { access: 'member', rateLimit: uploadRateLimit(app.ctx.config) },
      schema: {
        tags,
        summary:
          'Upload one photo (multipart, field "file", at most 5 MB): judged by its content, cleaned, re-encoded, then moderated',
        consumes: ['multipart/form-data'],
        response: {
          201: myPhotoSchema,
          401: apiErrorBodySchema,
          422: apiErrorBodySchema.describe(
            'UPLOAD_REJECTED with details.reason: no_file, too_many_files, empty, too_large, limit, not_an_image, unsupported_format, too_many_pixels, unreadable',
          ),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await readOnePhotoFile(request);
      return reply.status(201).send(await uploadPhoto(app.ctx, { actor, file }));
    },
  );

  app.delete(
    '/me/photos/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Delete one of your photos; the next becomes the main photo if it was the first',
        params: idParamSchema,
        response: { 200: myPhotosSchema, 401: apiErrorBodySchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => deletePhoto(app.ctx, { actor: actorOf(request), photoId: request.params.id }),
  );

  app.put(
    '/me/photos/order',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Reorder your photos: every id once, main photo first',
        body: photoOrderBodySchema,
        response: { 200: myPhotosSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => reorderPhotos(app.ctx, { actor: actorOf(request), ids: request.body.ids }),
  );

  app.post(
    '/me/photos/:id/appeal',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Appeal the rejection of one of your photos (once)',
        params: idParamSchema,
        body: photoAppealBodySchema,
        response: {
          200: myPhotoSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('Not rejected, or already appealed'),
        },
      },
    },
    async (request) =>
      appealPhoto(app.ctx, { actor: actorOf(request), photoId: request.params.id, input: request.body }),
  );

  app.get(
    '/photos/:id',
    {
      config: { access: 'member', ownCaching: true, rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'A photo variant (WebP), for members allowed to see it',
        params: idParamSchema,
        querystring: z.object({
          size: z
            .enum(PHOTO_SIZES)
            .default('large')
            .describe('large, small (thumbnail), blur (the locked teaser) or face (the avatar square)'),
        }),
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

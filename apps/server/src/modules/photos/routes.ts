import multipart from '@fastify/multipart';
import {
  AppError,
  apiErrorBodySchema,
  ErrorCode,
  idParamSchema,
  myPhotoSchema,
  myPhotosSchema,
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_MESSAGES,
  photoAppealBodySchema,
  photoOrderBodySchema,
} from '@royal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadParts } from '../../lib/multipart';
import { actorOf } from '../../plugins/access';
import { uploadRateLimit } from '../../plugins/security';
import { appealPhoto, deletePhoto, listMyPhotos, reorderPhotos, uploadPhoto } from './mine';
import { assertPhotoViewable, readPhoto } from './service';
import { PHOTO_SIZES } from './urls';

const refuse = (message: string, reason: string) =>
  new AppError(ErrorCode.UPLOAD_REJECTED, message, { reason });

/** A photo upload's form: one file (a second is read only to refuse it) and a field or two at most. */
const PHOTO_UPLOAD_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 2, parts: 4 } as const;

const photoUploadRefusals = {
  fileTooLarge: () => refuse(PHOTO_UPLOAD_MESSAGES.tooLarge, 'too_large'),
  tooManyParts: () => refuse(PHOTO_UPLOAD_MESSAGES.oneAtATime, 'too_many_files'),
};

/**
 * The one file of a multipart upload, read into memory up to the photo limit. No file, a second file
 * (one photo at a time) or a file over the limit is refused with its reason, never silently dropped.
 */
async function readOneFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refuse(PHOTO_UPLOAD_MESSAGES.noFile, 'no_file');
  let file: Buffer | null = null;
  for await (const part of readUploadParts(request, PHOTO_UPLOAD_LIMITS, photoUploadRefusals)) {
    if (part.kind !== 'file') continue;
    if (file) throw photoUploadRefusals.tooManyParts();
    file = part.data;
  }
  if (!file) throw refuse(PHOTO_UPLOAD_MESSAGES.noFile, 'no_file');
  return file;
}

export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes accept multipart bodies; the file is read by readOneFile.
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
      const file = await readOneFile(request);
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

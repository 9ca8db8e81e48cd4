import multipart from '@fastify/multipart';
import {
  apiErrorBodySchema,
  EVENT_PHOTO_SIZES,
  eventIdParamSchema,
  eventPhotoIdParamSchema,
  eventPhotosSchema,
  PHOTO_MAX_BYTES,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { uploadRateLimit } from '../../plugins/security';
import { readOnePhotoFile } from '../photos';
import { deleteEventPhoto } from './delete-event-photo';
import { auditorOf } from './event-audit';
import { assertEventPhotoViewable, listViewableEventPhotos, readEventPhoto } from './event-photo-file';
import { uploadEventPhoto } from './upload-event-photo';

/**
 * An event's photos (issue 36): managers add and remove them through the member photo pipeline; they
 * are served, never as public files, to members the event admits and to managers.
 */
export const eventPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes accept multipart bodies; the file is read by readOnePhotoFile.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  const tags = ['events'];
  const errors = { 401: apiErrorBodySchema, 403: apiErrorBodySchema };
  const notFound = { 404: apiErrorBodySchema.describe('EVENT_NOT_FOUND, or NOT_FOUND: no such photo') };
  const members = { access: 'member' as const, ready: true };
  const managers = { access: { capability: 'create_parties' as const }, ready: true };

  app.get(
    '/events/:id/photos',
    {
      config: members,
      schema: {
        tags,
        summary: 'An event’s photos with their ids, cover first (403 TIER_REQUIRED when locked)',
        params: eventIdParamSchema,
        response: { 200: eventPhotosSchema, ...errors, ...notFound },
      },
    },
    async (request) =>
      listViewableEventPhotos(app.ctx, { viewer: actorOf(request), eventId: request.params.id }),
  );

  app.post(
    '/events/:id/photos',
    {
      config: { ...managers, rateLimit: uploadRateLimit(app.ctx.config) },
      schema: {
        tags,
        summary:
          'Add one photo (multipart, field "file", at most 5 MB; 6 an event): judged by its content, cleaned, re-encoded (admins and promoters)',
        consumes: ['multipart/form-data'],
        params: eventIdParamSchema,
        response: {
          201: eventPhotosSchema,
          ...errors,
          ...notFound,
          422: apiErrorBodySchema.describe(
            'UPLOAD_REJECTED with details.reason: limit (6 photos), no_file, too_many_files, empty, too_large, not_an_image, unsupported_format, too_many_pixels, unreadable, not_safe, unchecked',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await readOnePhotoFile(request);
      const photos = await uploadEventPhoto(app.ctx, {
        ...auditorOf(request),
        eventId: request.params.id,
        file,
      });
      return reply.status(201).send(photos);
    },
  );

  app.delete(
    '/events/:id/photos/:photoId',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Remove one of an event’s photos; the next becomes the cover (admins and promoters)',
        params: eventPhotoIdParamSchema,
        response: { 200: eventPhotosSchema, ...errors, ...notFound },
      },
    },
    async (request) =>
      deleteEventPhoto(app.ctx, {
        ...auditorOf(request),
        eventId: request.params.id,
        photoId: request.params.photoId,
      }),
  );

  app.get(
    '/events/:id/photos/:photoId',
    {
      config: { ...members, ownCaching: true, rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'An event photo (WebP), for members the event admits and managers',
        params: eventPhotoIdParamSchema,
        querystring: z.object({
          size: z.enum(EVENT_PHOTO_SIZES).default('large').describe('large, or small (thumbnail)'),
        }),
        response: {
          200: z.any().describe('image/webp bytes'),
          304: z.null().describe('Your cached copy is current (access was checked again)'),
          ...errors,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const viewer = actorOf(request);
      const { id: eventId, photoId } = request.params;
      const { size } = request.query;
      // As for member photos: an id's bytes never change, so id and size are the entity tag; the
      // browser asks every time (no-cache), so a member whose tier no longer admits the event, or an
      // event moved to higher tiers, stops being served at once.
      const etag = `"${photoId}-${size}"`;
      const cacheHeaders = { 'cache-control': 'private, no-cache', etag, vary: 'Cookie' };
      if (request.headers['if-none-match'] === etag) {
        await assertEventPhotoViewable(app.ctx, { viewer, eventId, photoId });
        return reply.headers(cacheHeaders).status(304).send(null);
      }
      const photo = await readEventPhoto(app.ctx, { viewer, eventId, photoId, size });
      return reply
        .headers(cacheHeaders)
        .header('content-type', photo.contentType)
        .header('x-content-type-options', 'nosniff')
        .send(photo.body);
    },
  );
};

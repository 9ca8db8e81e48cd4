import {
  apiErrorBodySchema,
  appealDecisionBodySchema,
  idParamSchema,
  moderationDecisionBodySchema,
  moderationItemSchema,
  moderationPageSchema,
  moderationQuerySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { decideAppeal, decidePhoto, listAppeals, listForModeration } from './service';

/** The admin dashboard's Photo Moderation tab: admins only (declared, so the access hook refuses others). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  // Role routes skip the actor cache: a revoked admin is refused at once.
  const access = { role: 'admin' } as const;
  const refusals = { 401: apiErrorBodySchema, 403: apiErrorBodySchema.describe('Admins only') };

  app.get(
    '/admin/photos',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Photo Moderation: one tab (pending, approved, rejected), newest first',
        querystring: moderationQuerySchema,
        response: { 200: moderationPageSchema, 400: apiErrorBodySchema, ...refusals },
      },
    },
    async (request) => listForModeration(app.ctx, request.query),
  );

  app.post(
    '/admin/photos/:id/decision',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Approve a photo, or reject it with a reason',
        params: idParamSchema,
        body: moderationDecisionBodySchema,
        response: {
          200: moderationItemSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          ...refusals,
        },
      },
    },
    async (request) =>
      decidePhoto(app.ctx, {
        actor: actorOf(request),
        photoId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );

  app.get(
    '/admin/photo-appeals',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Appeals waiting for a decision, oldest first',
        response: { 200: moderationPageSchema, ...refusals },
      },
    },
    async () => listAppeals(app.ctx),
  );

  app.post(
    '/admin/photo-appeals/:id/decision',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Decide an appeal: approve restores the photo, reject keeps the rejection',
        params: idParamSchema,
        body: appealDecisionBodySchema,
        response: {
          200: moderationItemSchema,
          400: apiErrorBodySchema,
          404: apiErrorBodySchema,
          409: apiErrorBodySchema.describe(
            'No appeal is waiting, or CLAIMED_BY_OTHER: another admin is working on it',
          ),
          ...refusals,
        },
      },
    },
    async (request) =>
      decideAppeal(app.ctx, {
        actor: actorOf(request),
        photoId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );
};

import {
  adminVerificationListSchema,
  adminVerificationQuerySchema,
  apiErrorBodySchema,
  idParamSchema,
  rejectVerificationBodySchema,
  verificationRequestSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { decideVerification, listForAdmin } from './service';

const ADMIN = { role: 'admin' } as const;
const errors = {
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

/** The admin Verification tab: the queue by status, approve, reject. Admins only. */
export const adminVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verification-requests',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['admin'],
        summary: 'Verification requests with one status (no images: ask for links per request)',
        querystring: adminVerificationQuerySchema,
        response: { 200: adminVerificationListSchema, ...errors },
      },
    },
    async (request) => listForAdmin(app.ctx, request.query.status),
  );

  app.post(
    '/verification-requests/:id/approve',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['admin'],
        summary: 'Approve: the member is age-verified (and, for the wizard, verified)',
        params: idParamSchema,
        response: { 200: verificationRequestSchema, ...errors },
      },
    },
    async (request) =>
      decideVerification(app.ctx, {
        actor: actorOf(request),
        requestId: request.params.id,
        decision: { action: 'approve' },
        ip: request.ip,
      }),
  );

  app.post(
    '/verification-requests/:id/reject',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['admin'],
        summary: 'Reject with a reason ("Does not meet verification standards" when none is given)',
        params: idParamSchema,
        body: rejectVerificationBodySchema,
        response: { 200: verificationRequestSchema, ...errors, 400: apiErrorBodySchema },
      },
    },
    async (request) =>
      decideVerification(app.ctx, {
        actor: actorOf(request),
        requestId: request.params.id,
        decision: { action: 'reject', reason: request.body.reason },
        ip: request.ip,
      }),
  );
};

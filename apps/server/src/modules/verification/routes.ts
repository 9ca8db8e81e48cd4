import multipart from '@fastify/multipart';
import {
  AppError,
  acceptDocumentBodySchema,
  apiErrorBodySchema,
  complianceSchema,
  documentLinkParamsSchema,
  documentLinkQuerySchema,
  ErrorCode,
  ID_UPLOAD_SIGNED_OUT_TEXT,
  idParamSchema,
  idTypeSchema,
  myVerificationSchema,
  verificationLinksSchema,
  verificationRequestSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { uploadRateLimit } from '../../plugins/security';
import { adminVerificationRoutes } from './admin-routes';
import { acceptLegalDocument, loadCompliance, skipAgeCheck } from './compliance';
import { issueLinks, myVerification, readDocument, refuseWhilePending, submitVerification } from './service';
import { ID_UPLOAD_LIMITS, readIdUpload, reencodeIdImage, type UploadParts } from './uploads';

const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
const uploadErrors = { ...errors, 409: apiErrorBodySchema, 413: apiErrorBodySchema, 422: apiErrorBodySchema };

function requiredFile(parts: UploadParts, name: string, label: string): Buffer {
  const file = parts.files.get(name);
  if (!file || file.length === 0) throw new AppError(ErrorCode.VALIDATION_FAILED, `Please choose ${label}`);
  return file;
}

function idTypeOf(parts: UploadParts) {
  const parsed = idTypeSchema.safeParse(parts.fields.get('id_type'));
  if (!parsed.success) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Please choose the type of your ID');
  return parsed.data;
}

/**
 * The compliance gate, the verification wizard, the signed links to ID images and the admin queue.
 * Multipart parsing is registered here, for these routes only, with the ID upload limits.
 */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: ID_UPLOAD_LIMITS });

  app.get(
    '/compliance',
    {
      config: { access: 'member', beforeCompliance: true },
      schema: {
        tags: ['compliance'],
        summary: 'Where the member stands in the compliance gate (terms, privacy, age check)',
        response: { 200: complianceSchema, ...errors },
      },
    },
    async (request) => loadCompliance(app.ctx, actorOf(request).id),
  );

  for (const document of ['terms', 'privacy'] as const) {
    app.post(
      `/compliance/${document}`,
      {
        config: { access: 'member', beforeCompliance: true },
        schema: {
          tags: ['compliance'],
          summary:
            document === 'terms'
              ? 'Accept the Terms of Service at the current version'
              : 'Accept the Privacy Policy at the current version (after the terms)',
          body: acceptDocumentBodySchema,
          response: { 200: complianceSchema, ...errors, 409: apiErrorBodySchema },
        },
      },
      async (request) =>
        acceptLegalDocument(app.ctx, {
          actor: actorOf(request),
          input: { document, version: request.body.version },
        }),
    );
  }

  app.post(
    '/compliance/age/skip',
    {
      config: { access: 'member' },
      schema: {
        tags: ['compliance'],
        summary: 'Continue without the age check (the member stays unverified)',
        response: { 200: complianceSchema, ...errors },
      },
    },
    async (request) => skipAgeCheck(app.ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/compliance/id',
    {
      config: {
        access: 'member',
        rateLimit: uploadRateLimit(app.ctx.config),
        // Spec part 2, the ID upload's own text (as /verification/requests).
        signedOutMessage: ID_UPLOAD_SIGNED_OUT_TEXT,
      },
      schema: {
        tags: ['compliance'],
        summary: 'Age check: upload an ID image (multipart: id_type, id) for admin review',
        consumes: ['multipart/form-data'],
        response: { 201: verificationRequestSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      await refuseWhilePending(app.ctx, actorOf(request).id, 'id');
      const parts = await readIdUpload(request);
      const idType = idTypeOf(parts);
      const idImage = await reencodeIdImage(requiredFile(parts, 'id', 'an image of your ID'));
      const created = await submitVerification(app.ctx, {
        actor: actorOf(request),
        input: { type: 'id', idType, idImage },
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/verification',
    {
      config: { access: 'member' },
      schema: {
        tags: ['verification'],
        summary: 'Your verification: verified or not, since when, and your latest request',
        response: { 200: myVerificationSchema, ...errors },
      },
    },
    async (request) => myVerification(app.ctx, actorOf(request)),
  );

  app.post(
    '/verification/requests',
    {
      config: {
        access: 'member',
        rateLimit: uploadRateLimit(app.ctx.config),
        // Spec part 2, verification: the ID upload's own text.
        signedOutMessage: ID_UPLOAD_SIGNED_OUT_TEXT,
      },
      schema: {
        tags: ['verification'],
        summary:
          'The verification wizard: a selfie and an ID (multipart: id_type, selfie, id) for admin review',
        consumes: ['multipart/form-data'],
        response: { 201: verificationRequestSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      await refuseWhilePending(app.ctx, actorOf(request).id, 'selfie');
      const parts = await readIdUpload(request);
      const idType = idTypeOf(parts);
      const selfieImage = await reencodeIdImage(requiredFile(parts, 'selfie', 'a selfie'));
      const idImage = await reencodeIdImage(requiredFile(parts, 'id', 'an image of your ID'));
      const created = await submitVerification(app.ctx, {
        actor: actorOf(request),
        input: { type: 'selfie', idType, idImage, selfieImage },
      });
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/verification/requests/:id/links',
    {
      config: { access: 'member' },
      schema: {
        tags: ['verification'],
        summary: "Short-lived links to a request's images, for its owner and admins",
        params: idParamSchema,
        response: { 200: verificationLinksSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => issueLinks(app.ctx, { actor: actorOf(request), requestId: request.params.id }),
  );

  app.get(
    '/verification/documents/:id/:kind',
    {
      // The URL carries the link's signature: no request line of this route is logged.
      logLevel: 'warn',
      // Admin rights are read fresh: a removed admin cannot use a link issued a minute earlier.
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['verification'],
        summary: 'One ID or selfie image, through a signed link (viewer-bound, expires within 5 minutes)',
        params: documentLinkParamsSchema,
        querystring: documentLinkQuerySchema,
        response: { 200: z.any().describe('image/webp bytes'), ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const image = await readDocument(app.ctx, {
        actor: actorOf(request),
        requestId: request.params.id,
        kind: request.params.kind,
        link: request.query,
        ip: request.ip,
      });
      return reply
        .headers({
          'content-type': 'image/webp',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          'referrer-policy': 'no-referrer',
        })
        .send(image);
    },
  );

  await app.register(adminVerificationRoutes, { prefix: '/admin' });
};

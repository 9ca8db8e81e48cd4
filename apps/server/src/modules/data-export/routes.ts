import {
  apiErrorBodySchema,
  dataExportDownloadParamsSchema,
  dataExportDownloadQuerySchema,
  dataExportSchema,
  latestDataExportSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { openExportDownload } from './download';
import { latestDataExport } from './latest';
import { requestDataExport } from './request';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['data-export'];
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

  app.post(
    '/me/data-export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Export My Data: an archive of everything about you is prepared and e-mailed as a link',
        response: {
          202: dataExportSchema,
          ...errors,
          429: apiErrorBodySchema.describe('One export a day: says when the next one can be asked for'),
        },
      },
    },
    async (request, reply) => {
      const created = await requestDataExport(app.ctx, { actor: actorOf(request) });
      return reply.status(202).send(created);
    },
  );

  app.get(
    '/me/data-export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your latest data export and whether it can be downloaded',
        response: { 200: latestDataExportSchema, ...errors },
      },
    },
    async (request) => latestDataExport(app.ctx, { actor: actorOf(request) }),
  );

  app.get(
    '/me/data-export/:id/download',
    {
      // The URL carries the link's token: no request line of this route is logged.
      logLevel: 'warn',
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Download your export archive (yours alone, with the link’s token, for 24 hours)',
        params: dataExportDownloadParamsSchema,
        querystring: dataExportDownloadQuerySchema,
        response: {
          200: z.any().describe('application/zip'),
          ...errors,
          404: apiErrorBodySchema.describe('No such export of yours, or a wrong token'),
          410: apiErrorBodySchema.describe('The link has expired and the archive is deleted'),
        },
      },
    },
    async (request, reply) => {
      const archive = await openExportDownload(app.ctx, {
        actor: actorOf(request),
        exportId: request.params.id,
        token: request.query.token,
      });
      reply.headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${archive.filename}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      if (archive.size !== null) reply.header('content-length', archive.size);
      return reply.send(archive.stream);
    },
  );
};

import {
  apiErrorBodySchema,
  blockBodySchema,
  blockedListSchema,
  decidedReportSchema,
  idParamSchema,
  reportBodySchema,
  reportDecisionBodySchema,
  reportHistorySchema,
  reportReplySchema,
  reportsQueueQuerySchema,
  reportsQueueSchema,
  safeLocationsSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { blockMember } from './block';
import { listBlocked } from './blocked-list';
import { decideReport } from './decide-report';
import { reportMember } from './report';
import { reportHistory } from './report-history';
import { reportsQueue } from './reports-queue';
import { safeLocationsFor } from './safe-locations';
import { unblockMember } from './unblock';

export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['safety'];
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

  app.get(
    '/blocks',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The members you blocked, newest first',
        response: { 200: blockedListSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => listBlocked(app.ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/blocks',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Block a member: neither of you sees the other anywhere, and an open match ends',
        body: blockBodySchema,
        response: {
          201: z.object({ id: z.uuid() }),
          ...errors,
          404: apiErrorBodySchema.describe('No such member'),
        },
      },
    },
    async (request, reply) => {
      const { member_id: memberId, reason } = request.body;
      const block = await blockMember(app.ctx, { actor: actorOf(request), memberId, reason });
      return reply.status(201).send(block);
    },
  );

  app.delete(
    '/blocks/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Unblock a member you blocked',
        params: idParamSchema,
        response: {
          204: z.null().describe('Unblocked'),
          ...errors,
          404: apiErrorBodySchema.describe('Not one of your blocks'),
        },
      },
    },
    async (request, reply) => {
      await unblockMember(app.ctx, { actor: actorOf(request), blockId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/reports',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Report a member to the moderators (and block them, if you ask)',
        body: reportBodySchema,
        response: {
          201: reportReplySchema,
          ...errors,
          404: apiErrorBodySchema.describe('No such member'),
          409: apiErrorBodySchema.describe('Your earlier report of this member is still being reviewed'),
        },
      },
    },
    async (request, reply) => {
      const { member_id: memberId, reason, details, block } = request.body;
      const filed = await reportMember(app.ctx, {
        actor: actorOf(request),
        memberId,
        reason,
        details,
        block,
      });
      return reply.status(201).send(filed);
    },
  );

  app.get(
    '/admin/reports',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'The moderators’ queue of member reports, oldest first',
        querystring: reportsQueueQuerySchema,
        response: { 200: reportsQueueSchema, ...errors },
      },
    },
    async (request) => reportsQueue(app.ctx, { status: request.query.status }),
  );

  app.get(
    '/admin/reports/:id/history',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'The reported member’s record: the other reports against them and how each ended',
        params: idParamSchema,
        response: { 200: reportHistorySchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => reportHistory(app.ctx, { reportId: request.params.id }),
  );

  app.post(
    '/admin/reports/:id/decide',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Decide a report: actioned or dismissed, with an optional note for the audit trail',
        params: idParamSchema,
        body: reportDecisionBodySchema,
        response: {
          200: decidedReportSchema,
          ...errors,
          404: apiErrorBodySchema,
          409: apiErrorBodySchema.describe(
            'CLAIMED_BY_OTHER: another admin is working on it; CONFLICT: already decided',
          ),
        },
      },
    },
    async (request) =>
      decideReport(app.ctx, {
        actor: actorOf(request),
        reportId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );

  app.get(
    '/safe-locations',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Verified public places to meet in your city, best rated first (at most six)',
        response: { 200: safeLocationsSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => safeLocationsFor(app.ctx, { actor: actorOf(request) }),
  );
};

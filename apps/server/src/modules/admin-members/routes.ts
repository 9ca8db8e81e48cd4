import {
  adminMemberDetailSchema,
  adminMemberPatchSchema,
  adminMembersPageSchema,
  adminMembersQuerySchema,
  apiErrorBodySchema,
  idParamSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { memberDetail } from './detail';
import { listMembers } from './list';
import { updateMember } from './update';

/** The admin dashboard's Users tab (issue 37), under /api/admin. */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Like every admin route: the role, and a session confirmed with the admin's own second factor
  // (decision 057; the access hook reads the actor fresh for role-gated routes).
  const config = { access: { role: 'admin' as const }, fresh: true };
  const errors = {
    400: apiErrorBodySchema,
    401: apiErrorBodySchema,
    403: apiErrorBodySchema.describe('Not an admin, or no second factor confirmed in this session'),
  };

  app.get(
    '/admin/members',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: 'Members, searched by name or e-mail and filtered by tier, verified and sign-up date',
        querystring: adminMembersQuerySchema,
        response: { 200: adminMembersPageSchema, ...errors },
      },
    },
    async (request) => listMembers(ctx, { query: request.query }),
  );

  app.get(
    '/admin/members/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "A member's detail: tier, wallet balance, counts, reports against them, sessions",
        params: idParamSchema,
        response: { 200: adminMemberDetailSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) => memberDetail(ctx, request.params.id),
  );

  app.patch(
    '/admin/members/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        summary: "Set a member's tier (0–4) and/or verified mark; audited, and their open tabs are told",
        params: idParamSchema,
        body: adminMemberPatchSchema,
        response: { 200: adminMemberDetailSchema, ...errors, 404: apiErrorBodySchema },
      },
    },
    async (request) =>
      updateMember(ctx, {
        admin: actorOf(request),
        memberId: request.params.id,
        patch: request.body,
        ip: requestAddress(request),
      }),
  );
};

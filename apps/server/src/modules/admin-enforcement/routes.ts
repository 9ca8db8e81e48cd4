import {
  apiErrorBodySchema,
  appealIdParamsSchema,
  banBodySchema,
  enforcementActionSchema,
  enforcementAppealBodySchema,
  enforcementAppealDecisionSchema,
  enforcementAppealReplySchema,
  enforcementAppealsSchema,
  liftBodySchema,
  memberEnforcementSchema,
  memberIdParamsSchema,
  suspendBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { rateLimitKey } from '../../plugins/security';
import { APPEAL_COOKIE, clearAppealCookie } from '../auth';
import { fileAppeal } from './appeal';
import { openAppeals } from './appeals';
import { banMember } from './ban';
import { decideAppeal } from './decide-appeal';
import { liftAction } from './lift';
import { memberEnforcement } from './member-enforcement';
import { suspendMember } from './suspend';

/** Suspensions, bans and appeals (issue 37, decision 060): the admins' verbs under /api/admin. */
export const adminEnforcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['admin'];
  // Like every admin route: the role, and a session confirmed with the admin's own second factor.
  const config = { access: { role: 'admin' as const }, fresh: true };
  const errors = {
    400: apiErrorBodySchema,
    401: apiErrorBodySchema,
    403: apiErrorBodySchema.describe(
      'Not an admin, no second factor confirmed in this session, or the member is an admin',
    ),
    404: apiErrorBodySchema.describe('No such member'),
  };
  const conflict = apiErrorBodySchema.describe('The member is already restricted, or is not');

  app.get(
    '/admin/members/:id/enforcement',
    {
      config,
      schema: {
        tags,
        summary: "A member's suspension or ban in force, and their history",
        params: memberIdParamsSchema,
        response: { 200: memberEnforcementSchema, ...errors },
      },
    },
    async (request) => memberEnforcement(ctx, request.params.id),
  );

  app.post(
    '/admin/members/:id/suspend',
    {
      config,
      schema: {
        tags,
        summary: 'Suspend a member for a period, with a reason; their sessions end at once',
        params: memberIdParamsSchema,
        body: suspendBodySchema,
        response: { 200: enforcementActionSchema, ...errors, 409: conflict },
      },
    },
    async (request) =>
      suspendMember(ctx, {
        admin: actorOf(request),
        memberId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );

  app.post(
    '/admin/members/:id/ban',
    {
      config,
      schema: {
        tags,
        summary: 'Ban a member, with a reason; their sessions end at once',
        params: memberIdParamsSchema,
        body: banBodySchema,
        response: { 200: enforcementActionSchema, ...errors, 409: conflict },
      },
    },
    async (request) =>
      banMember(ctx, {
        admin: actorOf(request),
        memberId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );

  app.post(
    '/admin/members/:id/lift',
    {
      config,
      schema: {
        tags,
        summary: "End a member's suspension or ban now",
        params: memberIdParamsSchema,
        body: liftBodySchema,
        response: { 200: enforcementActionSchema, ...errors, 409: conflict },
      },
    },
    async (request) =>
      liftAction(ctx, {
        admin: actorOf(request),
        memberId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );

  app.get(
    '/admin/enforcement-appeals',
    {
      config,
      schema: {
        tags,
        summary: 'The appeals waiting for a decision, oldest first, with the action and the member',
        response: { 200: enforcementAppealsSchema, ...errors },
      },
    },
    async (request) => openAppeals(ctx, actorOf(request)),
  );

  app.post(
    '/admin/enforcement-appeals/:id/decide',
    {
      config,
      schema: {
        tags,
        summary: 'Decide an appeal: upheld (the action stands) or lifted (it ends now)',
        params: appealIdParamsSchema,
        body: enforcementAppealDecisionSchema,
        response: {
          200: enforcementActionSchema,
          ...errors,
          404: apiErrorBodySchema.describe('No appeal on this action'),
          409: apiErrorBodySchema.describe('CLAIMED_BY_OTHER, or CONFLICT: already decided'),
        },
      },
    },
    async (request) =>
      decideAppeal(ctx, {
        admin: actorOf(request),
        actionId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );
};

/** The member's one appeal, from the sign-in screen, under /api/auth (no session: the appeal cookie). */
export const enforcementAppealRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/appeal',
    {
      config: {
        access: 'public',
        rateLimit: failsClosed({
          max: ctx.config.rateLimits.authPerAddressPerMinute,
          timeWindow: '1 minute',
          keyGenerator: rateLimitKey,
        }),
      },
      schema: {
        tags: ['auth'],
        summary: 'Appeal a suspension or ban once, with the cookie a refused sign-in set',
        body: enforcementAppealBodySchema,
        response: {
          200: enforcementAppealReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema.describe('No appeal cookie, or it ran out: sign in again'),
          409: apiErrorBodySchema.describe('Already appealed, or the action was lifted'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const sent = await fileAppeal(ctx, {
        cookie: request.cookies[APPEAL_COOKIE],
        input: request.body,
        ip: requestAddress(request),
      });
      reply.header('set-cookie', clearAppealCookie(ctx.config.secureCookies));
      return sent;
    },
  );
};

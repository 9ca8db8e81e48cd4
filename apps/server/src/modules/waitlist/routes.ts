import {
  apiErrorBodySchema,
  idParamSchema,
  referralSchema,
  signUpOptionsSchema,
  waitlistApplicationBodySchema,
  waitlistApplicationSchema,
  waitlistDeclineBodySchema,
  waitlistPageSchema,
  waitlistQuerySchema,
  waitlistSubmittedSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { rateLimitKey } from '../../plugins/security';
import { waitlistApplications } from './applications';
import { applyToWaitlist } from './apply';
import { approveApplication, declineApplication } from './decide';
import { myReferral } from './referral';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };

  app.post(
    '/waitlist',
    {
      config: {
        access: 'public',
        // Per address, by the hour: applications are few, and each may become an admin's work.
        rateLimit: failsClosed({
          max: ctx.config.rateLimits.waitlistPerAddressPerHour,
          timeWindow: '1 hour',
          keyGenerator: rateLimitKey,
        }),
      },
      schema: {
        tags: ['waitlist'],
        summary: 'Apply to join (signed out): stored as a pending application',
        body: waitlistApplicationBodySchema,
        response: {
          201: waitlistSubmittedSchema,
          400: apiErrorBodySchema,
          403: apiErrorBodySchema.describe('Refused as a bot (honeypot or sent too fast); generic text'),
          409: apiErrorBodySchema.describe('ALREADY_ON_WAITLIST: an application with this e-mail is pending'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { message } = await applyToWaitlist(ctx, request.body);
      return reply.status(201).send({ ok: true as const, message });
    },
  );

  app.get(
    '/sign-up-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether sign-up asks for an invite code',
        response: { 200: signUpOptionsSchema },
      },
    },
    async () => ({ invite_only: ctx.config.inviteOnly }),
  );

  app.get(
    '/me/referral',
    {
      config: { access: 'member' },
      schema: {
        tags: ['me'],
        summary: 'Your own referral code, its uses left this month and the link to share',
        response: { 200: referralSchema, ...errors },
      },
    },
    async (request) => myReferral(ctx, actorOf(request)),
  );

  app.get(
    '/admin/waitlist',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Waitlist applications, newest or oldest first, optionally in one status',
        querystring: waitlistQuerySchema,
        response: { 200: waitlistPageSchema, ...errors },
      },
    },
    async (request) => waitlistApplications(ctx, request.query),
  );

  const decisionSchema = {
    params: idParamSchema,
    response: {
      200: waitlistApplicationSchema,
      ...errors,
      404: apiErrorBodySchema,
      409: apiErrorBodySchema.describe(
        'Already decided, or CLAIMED_BY_OTHER: another admin is working on it',
      ),
    },
  };

  app.post(
    '/admin/waitlist/:id/approve',
    {
      config: { access: { role: 'admin' }, fresh: true },
      schema: {
        tags: ['admin'],
        summary: 'Approve an application: e-mails a single-use invite code valid 14 days',
        ...decisionSchema,
      },
    },
    async (request) =>
      approveApplication(ctx, {
        actor: actorOf(request),
        id: request.params.id,
        ip: requestAddress(request),
      }),
  );

  app.post(
    '/admin/waitlist/:id/decline',
    {
      config: { access: { role: 'admin' }, fresh: true },
      schema: {
        tags: ['admin'],
        summary: 'Decline an application, optionally with a note for the team (not e-mailed)',
        body: waitlistDeclineBodySchema,
        ...decisionSchema,
      },
    },
    async (request) =>
      declineApplication(ctx, {
        actor: actorOf(request),
        id: request.params.id,
        note: request.body?.note,
        ip: requestAddress(request),
      }),
  );
};

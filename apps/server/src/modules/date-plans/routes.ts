import {
  DATE_PLAN_DECISIONS,
  datePlanCheckInCodeSchema,
  datePlanCheckInSchema,
  datePlanDecisionBodySchema,
  datePlanDisputeBodySchema,
  datePlanDisputesSchema,
  datePlanListSchema,
  datePlanRatingSchema,
  datePlanSchema,
  datePlanTermsSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { acceptDatePlan } from './accept';
import { cancelDatePlan } from './cancel';
import { checkInToDatePlan } from './check-in';
import { claimNoShow } from './claim';
import { counterDatePlan } from './counter';
import { decideDispute } from './decide-dispute';
import { declineDatePlan } from './decline';
import { disputeNoShow } from './dispute';
import { getDatePlan } from './get-plan';
import { listDatePlans } from './list';
import { listDisputes } from './list-disputes';
import { proposeDatePlan } from './propose';
import { rateDatePlan } from './rate';
import { errors, members, params, tags } from './route-parts';
import { datePlanCheckInCode } from './show-check-in-code';

/**
 * Date plans (issue 39, decision 069): proposed from a chat, answered by the other member, held in
 * escrow once accepted, released when both check in. Every route is a member's own: a plan of
 * someone else's, or across a block, answers 404.
 */
export const datePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  // Proposing and answering are part of a conversation: whoever may write in the chat may plan in it.
  const chatting = { access: { capability: 'send_message' as const }, ready: true };
  // Accepting holds money: the member's e-mail must be confirmed, as for every payment.
  const paying = { ...chatting, payment: true };
  const plan = { 200: datePlanSchema, ...errors };
  const by = (request: { params: { id: string } }) => ({ planId: request.params.id });

  app.get(
    '/matches/:id/date-plans',
    {
      config: members,
      schema: {
        tags,
        summary: 'A chat’s date plans, newest first',
        params,
        response: { 200: datePlanListSchema, ...errors },
      },
    },
    async (request) => listDatePlans(app.ctx, { actor: actorOf(request), matchId: request.params.id }),
  );

  app.post(
    '/matches/:id/date-plans',
    {
      config: chatting,
      schema: {
        tags,
        summary: 'Propose a date in one of your open chats (one open plan per chat; no money moves yet)',
        params,
        body: datePlanTermsSchema,
        response: { 201: datePlanSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await proposeDatePlan(app.ctx, {
          actor: actorOf(request),
          matchId: request.params.id,
          terms: request.body,
        }),
      ),
  );

  app.get(
    '/date-plans/:id',
    { config: members, schema: { tags, summary: 'One of your date plans', params, response: plan } },
    async (request) => getDatePlan(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.post(
    '/date-plans/:id/accept',
    {
      config: paying,
      schema: {
        tags,
        summary: 'Accept the proposal sent to you: both deposits are held in escrow',
        params,
        response: plan,
      },
    },
    async (request) => acceptDatePlan(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.post(
    '/date-plans/:id/counter',
    {
      config: chatting,
      schema: {
        tags,
        summary: 'Suggest another time, place or deposits; the other member answers next',
        params,
        body: datePlanTermsSchema,
        response: plan,
      },
    },
    async (request) =>
      counterDatePlan(app.ctx, { actor: actorOf(request), ...by(request), terms: request.body }),
  );

  app.post(
    '/date-plans/:id/decline',
    {
      config: members,
      schema: { tags, summary: 'Decline the proposal sent to you', params, response: plan },
    },
    async (request) => declineDatePlan(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.post(
    '/date-plans/:id/cancel',
    {
      config: members,
      schema: {
        tags,
        summary:
          'Cancel: a proposal ends; a confirmed date returns both deposits 24 hours or more ahead, later gives yours to the other member',
        params,
        response: plan,
      },
    },
    async (request) => cancelDatePlan(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.get(
    '/date-plans/:id/check-in-code',
    {
      config: members,
      schema: {
        tags,
        summary: 'Your check-in code (for a QR code) while check-in is open; valid for a few minutes',
        params,
        response: { 200: datePlanCheckInCodeSchema, ...errors },
      },
    },
    async (request) => datePlanCheckInCode(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.post(
    '/date-plans/:id/check-in',
    {
      config: members,
      schema: {
        tags,
        summary:
          '“I’m here”: your position (used once, never stored: within 300 m of a safe location) or the other member’s code',
        params,
        body: datePlanCheckInSchema,
        response: plan,
      },
    },
    async (request) =>
      checkInToDatePlan(app.ctx, { actor: actorOf(request), ...by(request), input: request.body }),
  );

  app.post(
    '/date-plans/:id/claim',
    {
      config: members,
      schema: { tags, summary: 'Claim a no-show: you checked in, they did not', params, response: plan },
    },
    async (request) => claimNoShow(app.ctx, { actor: actorOf(request), ...by(request) }),
  );

  app.post(
    '/date-plans/:id/dispute',
    {
      config: members,
      schema: {
        tags,
        summary: 'Dispute a no-show claim made against you, within 24 hours; the admins decide',
        params,
        body: datePlanDisputeBodySchema,
        response: plan,
      },
    },
    async (request) =>
      disputeNoShow(app.ctx, { actor: actorOf(request), ...by(request), statement: request.body.statement }),
  );

  app.post(
    '/date-plans/:id/rating',
    {
      config: members,
      schema: {
        tags,
        summary:
          'Rate a date you checked in to, once it is over: private (the other member never sees it); each flag files a report',
        params,
        body: datePlanRatingSchema,
        response: { 201: datePlanSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await rateDatePlan(app.ctx, { actor: actorOf(request), ...by(request), rating: request.body })),
  );

  app.get(
    '/admin/date-plans/disputes',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Disputed no-show claims, oldest first: both members, their check-ins and the statement',
        response: { 200: datePlanDisputesSchema, ...errors },
      },
    },
    async () => listDisputes(app.ctx),
  );

  app.post(
    '/admin/date-plans/:id/decide',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['admin'],
        summary: 'Decide a disputed no-show claim: the deposits settle with the decision (audited)',
        params,
        body: datePlanDecisionBodySchema,
        response: {
          200: z.object({ id: z.uuid(), status: z.literal('settled'), outcome: z.enum(DATE_PLAN_DECISIONS) }),
          ...errors,
        },
      },
    },
    async (request) =>
      decideDispute(app.ctx, {
        actor: actorOf(request),
        planId: request.params.id,
        input: request.body,
        ip: requestAddress(request),
      }),
  );
};

import {
  apiErrorBodySchema,
  codeWordBodySchema,
  dateShareReplySchema,
  dateStatusSchema,
  dateStatusTokenParamSchema,
  dateWatchSchema,
  safetyLocationBodySchema,
  safetyTimerBodySchema,
} from '@royal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { dateStatusByToken } from './date-status';
import { endSafetyTimer } from './end-timer';
import { getDateWatch } from './get-watch';
import { members, params, errors as planErrors, tags } from './route-parts';
import { setSafetyTimer } from './set-timer';
import { shareDatePlan } from './share';
import { shareSafetyLocation } from './share-location';
import { sendSos } from './sos';

/**
 * Watching over a date (issue 39): sharing a plan with the member's emergency contact, the safety
 * timer, SOS, and the contact's status page. A plan that is not the member's answers 404.
 */
export const dateWatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { ...planErrors, 429: apiErrorBodySchema };
  // Ending a timer, sharing a position and SOS must never wait behind a gate (new terms to accept):
  // a member in trouble gets through whatever else is pending.
  const always = { access: 'member' as const, beforeCompliance: true };
  const watch = { 200: dateWatchSchema, ...errors };
  const by = (request: FastifyRequest & { params: { id: string } }) => ({
    actor: actorOf(request),
    planId: request.params.id,
  });

  app.get(
    '/date-plans/:id/watch',
    {
      config: members,
      schema: { tags, summary: 'What you shared of a date and your safety timer', params, response: watch },
    },
    async (request) => getDateWatch(app.ctx, by(request)),
  );

  app.post(
    '/date-plans/:id/share',
    {
      config: members,
      schema: {
        tags,
        summary:
          'Send a confirmed date to your emergency contact (e-mail and SMS) with a link to its status; at most 5 a day',
        params,
        response: { 200: dateShareReplySchema, ...errors },
      },
    },
    async (request) => shareDatePlan(app.ctx, by(request)),
  );

  app.post(
    '/date-plans/:id/timer',
    {
      config: members,
      schema: {
        tags,
        summary:
          '“Check in with me at …”: we ask “Are you OK?” then, and alert your emergency contact 15 minutes later without your code word',
        params,
        body: safetyTimerBodySchema,
        response: watch,
      },
    },
    async (request) => setSafetyTimer(app.ctx, { ...by(request), input: request.body }),
  );

  app.post(
    '/date-plans/:id/timer/ok',
    {
      config: always,
      schema: {
        tags,
        summary: '“I’m safe”: your code word ends the timer (and deletes the position you shared)',
        params,
        body: codeWordBodySchema,
        response: watch,
      },
    },
    async (request) => endSafetyTimer(app.ctx, { ...by(request), codeWord: request.body.code_word }),
  );

  app.post(
    '/date-plans/:id/timer/location',
    {
      config: always,
      schema: {
        tags,
        summary: 'Share your position for an alert while your timer runs (deleted when it ends)',
        params,
        body: safetyLocationBodySchema,
        response: watch,
      },
    },
    async (request) => shareSafetyLocation(app.ctx, { ...by(request), position: request.body }),
  );

  app.post(
    '/date-plans/:id/sos',
    {
      config: always,
      schema: {
        tags,
        summary:
          'SOS: alert your emergency contact now with the place, the time and your last shared position',
        params,
        response: watch,
      },
    },
    async (request) => sendSos(app.ctx, by(request)),
  );

  app.get(
    '/date-status/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A date’s status for the member’s emergency contact (the link they were sent; no account)',
        params: dateStatusTokenParamSchema,
        response: { 200: dateStatusSchema, 404: apiErrorBodySchema },
      },
    },
    async (request) => dateStatusByToken(app.ctx, { token: request.params.token }),
  );
};

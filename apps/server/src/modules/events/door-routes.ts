import {
  apiErrorBodySchema,
  bulkInviteBodySchema,
  bulkInviteReplySchema,
  checkInBodySchema,
  checkInReplySchema,
  eventArrivalsSchema,
  eventIdParamSchema,
  eventTicketSchema,
  freakoffChoiceBodySchema,
  freakoffChoiceReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { eventArrivals } from './arrivals';
import { requestBulkInvite } from './bulk-invite';
import { eventCalendarFile } from './calendar';
import { checkInGuest } from './check-in';
import { auditorOf } from './event-audit';
import { chooseFreakoffMode } from './freakoff-choice';
import { getEventTicket } from './ticket';

/**
 * The events' door and night: a member's ticket and calendar file, the managers' check-in and door
 * list, the Freakoff choice, and Bulk Invite. Managers are admins and promoters (capability
 * create_parties), whatever their tier.
 */
export const eventDoorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['events'];
  const params = eventIdParamSchema;
  const errors = {
    400: apiErrorBodySchema,
    401: apiErrorBodySchema,
    403: apiErrorBodySchema,
    404: apiErrorBodySchema.describe('EVENT_NOT_FOUND, or no ticket of yours'),
  };
  const managers = { access: { capability: 'create_parties' as const }, ready: true };

  app.get(
    '/events/:id/ticket',
    {
      config: { access: 'member', ready: true },
      schema: {
        tags,
        summary: 'Your ticket for an event you are going to: a signed code and its QR image',
        params,
        response: { 200: eventTicketSchema, ...errors },
      },
    },
    async (request) => getEventTicket(app.ctx, { actor: actorOf(request), eventId: request.params.id }),
  );

  app.get(
    '/events/:id/calendar.ics',
    {
      config: { access: 'member', ready: true },
      schema: {
        tags,
        summary: 'The event as an iCalendar file (in the event’s time zone), for members with a ticket',
        params,
        response: { 200: z.string().describe('text/calendar'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await eventCalendarFile(app.ctx, { actor: actorOf(request), eventId: request.params.id });
      reply.headers({
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${file.filename}"`,
        'cache-control': 'no-store',
      });
      return reply.send(file.body);
    },
  );

  app.post(
    '/events/:id/check-in',
    {
      config: managers,
      schema: {
        tags,
        summary:
          'Check a guest in with their ticket code (managers); a repeat scan answers with the first arrival',
        params,
        body: checkInBodySchema,
        response: {
          200: checkInReplySchema,
          ...errors,
          422: apiErrorBodySchema.describe('TICKET_INVALID: not a ticket for this event, or no longer valid'),
        },
      },
    },
    async (request) => checkInGuest(app.ctx, { eventId: request.params.id, code: request.body.code }),
  );

  app.get(
    '/events/:id/arrivals',
    {
      config: managers,
      schema: {
        tags,
        summary: 'The door list (managers): guests with a ticket and who has arrived',
        params,
        response: { 200: eventArrivalsSchema, ...errors },
      },
    },
    async (request) => eventArrivals(app.ctx, { eventId: request.params.id }),
  );

  app.post(
    '/events/:id/freakoff',
    {
      config: { access: 'member', ready: true },
      schema: {
        tags,
        summary: 'Enter Freakoff Mode or Stay in Regular Mode (checked-in guests, once Freakoff opens)',
        params,
        body: freakoffChoiceBodySchema,
        response: {
          200: freakoffChoiceReplySchema,
          ...errors,
          403: apiErrorBodySchema.describe('AFTER_DARK_PASS_REQUIRED: Tier 4 or an After Dark Pass'),
          409: apiErrorBodySchema.describe('FREAKOFF_NOT_OPEN: not checked in, or outside Freakoff hours'),
        },
      },
    },
    async (request) =>
      chooseFreakoffMode(app.ctx, {
        actor: actorOf(request),
        eventId: request.params.id,
        mode: request.body.mode,
      }),
  );

  app.post(
    '/events/:id/bulk-invite',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Invite members of chosen tiers (managers): one notification each, sent in the background',
        params,
        body: bulkInviteBodySchema,
        response: {
          202: bulkInviteReplySchema,
          ...errors,
          409: apiErrorBodySchema.describe('EVENT_CLOSED: the event is cancelled or over'),
        },
      },
    },
    async (request, reply) => {
      const invite = await requestBulkInvite(app.ctx, {
        ...auditorOf(request),
        eventId: request.params.id,
        body: request.body,
      });
      return reply.status(202).send(invite);
    },
  );
};

import {
  apiErrorBodySchema,
  cursorQuerySchema,
  eventBodySchema,
  eventCardSchema,
  eventGuestsSchema,
  eventIdParamSchema,
  eventsPageSchema,
  rsvpReplySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { cancelRsvp } from './cancel-rsvp';
import { deleteEvent } from './delete-event';
import { auditorOf } from './event-audit';
import { getEvent } from './get-event';
import { listEventGuests } from './guests';
import { listEvents } from './list-events';
import { rsvpToEvent } from './rsvp';
import { createEvent, updateEvent } from './save-event';

/**
 * The events (issue 36, decision 058): the list and details every member sees (a dimmed card when
 * their tier is not allowed), RSVP and cancel, the guest list, and the managers' form (admins and
 * promoters: capability create_parties, whatever their tier).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['events'];
  const params = eventIdParamSchema;
  const errors = { 400: apiErrorBodySchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema };
  const notFound = { 404: apiErrorBodySchema.describe('EVENT_NOT_FOUND') };
  const members = { access: 'member' as const, ready: true };
  const managers = { access: { capability: 'create_parties' as const }, ready: true };

  app.get(
    '/events',
    {
      config: members,
      schema: {
        tags,
        summary:
          'Events not yet ended, soonest first, with your RSVP; locked cards for tiers you do not hold',
        querystring: cursorQuerySchema,
        response: { 200: eventsPageSchema, ...errors },
      },
    },
    async (request) => listEvents(app.ctx, { viewer: actorOf(request), query: request.query }),
  );

  app.get(
    '/events/:id',
    {
      config: members,
      schema: {
        tags,
        summary: 'One event’s details (403 TIER_REQUIRED “Tier N+ Required” when your tier is not allowed)',
        params,
        response: { 200: eventCardSchema, ...errors, ...notFound },
      },
    },
    async (request) => getEvent(app.ctx, { viewer: actorOf(request), eventId: request.params.id }),
  );

  app.post(
    '/events',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Create an event (admins and promoters)',
        body: eventBodySchema,
        response: { 201: eventCardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const card = await createEvent(app.ctx, { ...auditorOf(request), body: request.body });
      return reply.status(201).send(card);
    },
  );

  app.patch(
    '/events/:id',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Edit an event, or cancel it (`cancelled: true`), which notifies every guest',
        params,
        body: eventBodySchema,
        response: {
          200: eventCardSchema,
          ...errors,
          ...notFound,
          409: apiErrorBodySchema.describe('EVENT_OVER_CAPACITY: max guests below those going'),
        },
      },
    },
    async (request) =>
      updateEvent(app.ctx, { ...auditorOf(request), eventId: request.params.id, body: request.body }),
  );

  app.delete(
    '/events/:id',
    {
      config: managers,
      schema: {
        tags,
        summary: 'Delete an event; its guests are told it is cancelled',
        params,
        response: { 204: z.null().describe('Deleted'), ...errors, ...notFound },
      },
    },
    async (request, reply) => {
      await deleteEvent(app.ctx, { ...auditorOf(request), eventId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/events/:id/rsvp',
    {
      config: members,
      schema: {
        tags,
        summary: 'RSVP: a seat while there is one, else the waiting list; asking again changes nothing',
        params,
        response: {
          200: rsvpReplySchema,
          ...errors,
          ...notFound,
          409: apiErrorBodySchema.describe('EVENT_CLOSED: cancelled or ended'),
        },
      },
    },
    async (request) => rsvpToEvent(app.ctx, { actor: actorOf(request), eventId: request.params.id }),
  );

  app.delete(
    '/events/:id/rsvp',
    {
      config: members,
      schema: {
        tags,
        summary: 'Give your place back; a freed seat goes to the first on the waiting list',
        params,
        response: {
          200: rsvpReplySchema,
          ...errors,
          ...notFound,
          409: apiErrorBodySchema.describe('EVENT_CLOSED, or CONFLICT: already checked in'),
        },
      },
    },
    async (request) => cancelRsvp(app.ctx, { actor: actorOf(request), eventId: request.params.id }),
  );

  app.get(
    '/events/:id/guests',
    {
      config: members,
      schema: {
        tags,
        summary:
          'Who else is going, for guests with a ticket and managers (ghost and incognito counted, not named)',
        params,
        response: { 200: eventGuestsSchema, ...errors, ...notFound },
      },
    },
    async (request) => listEventGuests(app.ctx, { viewer: actorOf(request), eventId: request.params.id }),
  );
};

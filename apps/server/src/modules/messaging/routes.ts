import {
  AppError,
  apiErrorBodySchema,
  cursorQuerySchema,
  ErrorCode,
  idParamSchema,
  MATCH_NOT_FOUND_TEXT,
  MESSAGES_PER_MEMBER_PER_MINUTE,
  markReadReplySchema,
  matchListItemSchema,
  matchListSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  sendMessageBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { listMatches } from './matches-list';
import { listMessages } from './messages-list';
import { markMatchRead } from './read';
import { sendMessage } from './send';

const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
};

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messaging'];

  app.get(
    '/matches',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Your matches, newest activity first, with the last message and unread count, a page at a time',
        querystring: cursorQuerySchema,
        response: { 200: matchListSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => listMatches(app.ctx, { actor: actorOf(request), query: request.query }),
  );

  app.get(
    '/matches/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'One of your matches as the list shows it (a chat opened by link, beyond the loaded pages)',
        params: idParamSchema,
        response: {
          200: matchListItemSchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { items } = await listMatches(app.ctx, { actor: actorOf(request), only: request.params.id });
      const [match] = items;
      if (!match) throw new AppError(ErrorCode.NOT_FOUND, MATCH_NOT_FOUND_TEXT);
      return match;
    },
  );

  app.get(
    '/matches/:id/messages',
    {
      // Reading a chat needs only membership of the match (checked by the service): a member whose
      // subscription lapsed can still read what was said.
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'One page of a chat, oldest first (the newest page unless a cursor is given)',
        params: idParamSchema,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) =>
      listMessages(app.ctx, { actor: actorOf(request), matchId: request.params.id, query: request.query }),
  );

  app.post(
    '/matches/:id/messages',
    {
      config: { access: { capability: 'send_message' } },
      schema: {
        tags,
        summary: 'Send a message in one of your open matches (idempotent on the client-chosen id)',
        description: `At most ${MESSAGES_PER_MEMBER_PER_MINUTE} messages a minute per member, all chats together (429 RATE_LIMITED). A match across a block answers 404 like one that does not exist.`,
        params: idParamSchema,
        body: sendMessageBodySchema,
        response: { 200: messageSchema, 201: messageSchema, ...errors, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(app.ctx, {
        actor: actorOf(request),
        matchId: request.params.id,
        input: request.body,
      });
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/matches/:id/read',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mark the messages you received in this chat as read',
        params: idParamSchema,
        response: { 200: markReadReplySchema, ...errors },
      },
    },
    async (request) => markMatchRead(app.ctx, { actor: actorOf(request), matchId: request.params.id }),
  );
};

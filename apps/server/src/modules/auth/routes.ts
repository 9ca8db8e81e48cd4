import {
  apiErrorBodySchema,
  changePasswordBodySchema,
  meSchema,
  SIGN_UP_CHECK_EMAIL_TEXT,
  signInBodySchema,
  signInReplySchema,
  signOutBodySchema,
  signUpBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, toWebHeaders } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { clientAddress, rateLimitKey } from '../../plugins/security';
import { loadMe } from '../me';
import { restrictedReplySchema, sendRestricted } from './restricted-reply';
import { refuseRestricted } from './restriction';
import { holdForSecondFactor } from './second-factor';
import { changePassword, signIn, signOut, signUp } from './service';

const userReplySchema = z.object({ user: meSchema });
const signUpReplySchema = userReplySchema.extend({
  message: z.string().describe('What to do next: confirm the e-mail from the link just sent'),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Per address: a flood from one place is cut off whatever accounts it tries.
  const perAddress = {
    access: 'public' as const,
    rateLimit: failsClosed({
      max: ctx.config.rateLimits.authPerAddressPerMinute,
      timeWindow: '1 minute',
      keyGenerator: rateLimitKey,
    }),
  };

  app.post(
    '/sign-up',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (e-mail + password) and sign in',
        body: signUpBodySchema,
        response: {
          201: signUpReplySchema,
          400: apiErrorBodySchema,
          409: apiErrorBodySchema,
          422: apiErrorBodySchema,
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { userId, setCookies } = await signUp(ctx, request.body, toWebHeaders(request));
      reply.header('set-cookie', setCookies);
      return reply.status(201).send({ user: await loadMe(ctx, userId), message: SIGN_UP_CHECK_EMAIL_TEXT });
    },
  );

  app.post(
    '/sign-in',
    {
      config: perAddress,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (a member with two-factor is then asked for a code)',
        body: signInBodySchema,
        response: {
          200: signInReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          403: restrictedReplySchema,
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const signedIn = await signIn(ctx, request.body, {
        address: clientAddress(request),
        headers: toWebHeaders(request),
      });
      // Two-factor members get no session yet: the second step (security-routes.ts) starts it, and
      // only then is a suspension told (the code is part of proving who they are).
      const held = await holdForSecondFactor(ctx, signedIn);
      if (held) {
        reply.header('set-cookie', held.setCookies);
        return { second_factor_required: true as const, methods: ['totp' as const, 'backup_code' as const] };
      }
      const refused = await refuseRestricted(ctx, signedIn);
      if (refused) return sendRestricted(reply, refused);
      reply.header('set-cookie', signedIn.setCookies);
      return { user: await loadMe(ctx, signedIn.userId) };
    },
  );

  app.post(
    '/change-password',
    {
      // Fresh: the member as they are now, not a cached session; limited as a sign-in is, since a
      // stolen session could otherwise guess the current password at leisure.
      config: { ...perAddress, access: 'member', fresh: true },
      schema: {
        tags: ['auth'],
        summary: 'Change your password (the current one is asked); every other session is signed out',
        body: changePasswordBodySchema,
        response: {
          204: z.null().describe('Changed; this device has a new session cookie'),
          400: apiErrorBodySchema,
          401: apiErrorBodySchema.describe(
            'Signed out, or INVALID_CREDENTIALS: the current password is wrong',
          ),
          422: apiErrorBodySchema.describe('WEAK_PASSWORD: a common password, or the e-mail'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const cookies = await changePassword(ctx, {
        actor: actorOf(request),
        input: request.body,
        headers: toWebHeaders(request),
      });
      reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sign-out',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out of this device (local) or of every device (global)',
        // A POST with no body at all reaches the schema as null (Fastify): the default scope then.
        body: signOutBodySchema.nullish(),
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const cookies = await signOut(ctx, request.body?.scope ?? 'local', toWebHeaders(request));
      reply.header('set-cookie', cookies);
      return reply.status(204).send(null);
    },
  );
};

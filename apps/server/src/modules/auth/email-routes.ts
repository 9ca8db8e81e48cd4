import {
  apiErrorBodySchema,
  authNoticeReplySchema,
  changeEmailBodySchema,
  emailTokenBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { rateLimitKey } from '../../plugins/security';
import {
  confirmEmail,
  requestEmailChange,
  requestPasswordReset,
  resendEmailConfirmation,
  resetPassword,
} from './account-email';

/** E-mail confirmation, password recovery and e-mail change, under /api/auth (decision 056). */
export const authEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limits = ctx.config.rateLimits;
  // Requests that send a mail: few an hour from one address (and few an account, email-links.ts).
  const mailLimit = failsClosed({
    max: limits.authMailPerAddressPerHour,
    timeWindow: '1 hour',
    keyGenerator: rateLimitKey,
  });
  // Requests that spend a link: limited as sign-in is, against guessing tokens.
  const linkLimit = failsClosed({
    max: limits.authPerAddressPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
  });

  app.post(
    '/confirm-email',
    {
      config: { access: 'public', rateLimit: linkLimit },
      schema: {
        tags: ['auth'],
        summary: 'Open a confirmation link: the sign-up address, or a new address asked for in Settings',
        body: emailTokenBodySchema,
        response: {
          200: authNoticeReplySchema,
          400: apiErrorBodySchema.describe('The link is invalid, used or expired (details on `token`)'),
          409: apiErrorBodySchema.describe('EMAIL_TAKEN: the new address has an account since'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request) => ({ message: await confirmEmail(ctx, request.body.token) }),
  );

  app.post(
    '/confirm-email/resend',
    {
      config: { access: 'member', beforeCompliance: true, fresh: true, rateLimit: mailLimit },
      schema: {
        tags: ['auth'],
        summary: 'Send the confirmation link again to the signed-in member’s address',
        response: {
          202: authNoticeReplySchema,
          401: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('CONFLICT: the address is already confirmed'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ message: await resendEmailConfirmation(ctx, actorOf(request)) }),
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: mailLimit },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link; the reply never tells whether the address has an account',
        body: forgotPasswordBodySchema,
        response: { 202: authNoticeReplySchema, 400: apiErrorBodySchema, 429: apiErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ message: await requestPasswordReset(ctx, request.body.email) }),
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: linkLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link; every session of the account is signed out',
        body: resetPasswordBodySchema,
        response: {
          200: authNoticeReplySchema,
          400: apiErrorBodySchema.describe('A short password, or the link is invalid, used or expired'),
          422: apiErrorBodySchema.describe('WEAK_PASSWORD: a common password, or the e-mail'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request) => ({ message: await resetPassword(ctx, request.body) }),
  );

  app.post(
    '/change-email',
    {
      // Fresh, as every credential change; limited as mails are (each sends one).
      config: { access: 'member', fresh: true, rateLimit: mailLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Ask to change the e-mail address (the password is asked); it changes once the new one is confirmed',
        body: changeEmailBodySchema,
        response: {
          202: authNoticeReplySchema,
          400: apiErrorBodySchema,
          401: apiErrorBodySchema.describe('Signed out, or INVALID_CREDENTIALS: the password is wrong'),
          409: apiErrorBodySchema.describe('EMAIL_TAKEN: the new address has an account'),
          429: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ message: await requestEmailChange(ctx, actorOf(request), request.body) }),
  );
};

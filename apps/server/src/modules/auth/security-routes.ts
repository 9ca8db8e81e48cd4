import {
  apiErrorBodySchema,
  backupCodesRegenerateBodySchema,
  backupCodesReplySchema,
  idParamSchema,
  meSchema,
  passkeyAddBodySchema,
  passkeyListSchema,
  passkeyOptionsBodySchema,
  passkeyOptionsReplySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  passkeySignInBodySchema,
  secondFactorCodeBodySchema,
  sessionListSchema,
  signedOutCountSchema,
  twoFactorEnrolBodySchema,
  twoFactorEnrolReplySchema,
  twoFactorStatusSchema,
} from '@royal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { failsClosed } from '../../plugins/rate-limit-store';
import { clientAddress, rateLimitKey } from '../../plugins/security';
import { loadMe } from '../me';
import { listSessions, revokeOtherSessions, revokeSession } from './member-sessions';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './passkeys';
import { restrictedReplySchema, sendRestricted } from './restricted-reply';
import { refuseRestricted } from './restriction';
import {
  CHALLENGE_COOKIE,
  completeSecondFactor,
  confirmEnrolment,
  disableTotp,
  regenerateBackupCodes,
  startEnrolment,
  twoFactorStatus,
} from './second-factor';

const errors = {
  400: apiErrorBodySchema,
  401: apiErrorBodySchema,
  403: apiErrorBodySchema,
  404: apiErrorBodySchema,
  409: apiErrorBodySchema,
  422: apiErrorBodySchema,
  429: apiErrorBodySchema,
};
const userReplySchema = z.object({ user: meSchema });

/** Two-factor (TOTP, backup codes) and passkeys, under /api/auth (decision 057). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Everything that checks a password or a code is limited as sign-in is, against guessing.
  const guarded = failsClosed({
    max: ctx.config.rateLimits.authPerAddressPerMinute,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
  });
  const member = { access: 'member' as const, fresh: true, rateLimit: guarded };
  const client = (request: { headers: Record<string, unknown> }, address: string) => ({
    ipAddress: address,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.get(
    '/two-factor',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor authentication is on',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => twoFactorStatus(ctx, actorOf(request)),
  );

  app.post(
    '/two-factor/enrol',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary: 'Start turning on two-factor: the password is asked; answers the secret and its QR code',
        body: twoFactorEnrolBodySchema,
        response: { 200: twoFactorEnrolReplySchema, ...errors },
      },
    },
    async (request) => startEnrolment(ctx, actorOf(request), request.body.password),
  );

  app.post(
    '/two-factor/confirm',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor on with a code from the app; answers ten backup codes, shown once',
        body: secondFactorCodeBodySchema,
        response: { 200: backupCodesReplySchema, ...errors },
      },
    },
    async (request) => confirmEnrolment(ctx, actorOf(request), request.body.code),
  );

  app.post(
    '/two-factor/disable',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off with a code from the app or a backup code',
        body: secondFactorCodeBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTotp(ctx, actorOf(request), request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/two-factor/backup-codes',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary:
          'New backup codes (the password or a code is asked): the old ones stop working; answers ten, shown once',
        body: backupCodesRegenerateBodySchema,
        response: { 200: backupCodesReplySchema, ...errors },
      },
    },
    async (request) => regenerateBackupCodes(ctx, actorOf(request), request.body),
  );

  app.post(
    '/sign-in/second-factor',
    {
      config: { access: 'public', rateLimit: guarded },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: a code from the app or a backup code',
        body: secondFactorCodeBodySchema,
        response: { 200: userReplySchema, ...errors, 403: restrictedReplySchema },
      },
    },
    async (request, reply) => {
      const signedIn = await completeSecondFactor(ctx, {
        challenge: request.cookies[CHALLENGE_COOKIE],
        code: request.body.code,
        ...client(request, clientAddress(request)),
      });
      const refused = await refuseRestricted(ctx, signedIn);
      if (refused) return sendRestricted(reply, refused);
      reply.header('set-cookie', signedIn.setCookies);
      return { user: await loadMe(ctx, signedIn.userId) };
    },
  );

  app.get(
    '/passkeys',
    {
      config: { access: 'member' },
      schema: { tags: ['auth'], summary: 'Your passkeys', response: { 200: passkeyListSchema } },
    },
    async (request) => ({ passkeys: await listPasskeys(ctx, actorOf(request)) }),
  );

  app.post(
    '/passkeys/options',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary: 'Start adding a passkey (the password is asked): WebAuthn creation options',
        body: passkeyOptionsBodySchema,
        response: { 200: passkeyOptionsReplySchema, ...errors },
      },
    },
    async (request) => passkeyRegistrationOptions(ctx, actorOf(request), request.body.password),
  );

  app.post(
    '/passkeys',
    {
      config: member,
      schema: {
        tags: ['auth'],
        summary: 'Add a passkey from the browser’s WebAuthn response',
        body: passkeyAddBodySchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addPasskey(ctx, actorOf(request), request.body)),
  );

  app.patch(
    '/passkeys/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Rename a passkey',
        params: idParamSchema,
        body: passkeyRenameBodySchema,
        response: { 200: passkeySchema, ...errors },
      },
    },
    async (request) => renamePasskey(ctx, actorOf(request), request.params.id, request.body.name),
  );

  app.delete(
    '/passkeys/:id',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['auth'],
        summary: 'Remove a passkey',
        params: idParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/passkey/options',
    {
      config: { access: 'public', rateLimit: guarded },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with a passkey: WebAuthn request options',
        response: { 200: passkeyOptionsReplySchema, 429: apiErrorBodySchema },
      },
    },
    async () => passkeySignInOptions(ctx),
  );

  app.post(
    '/passkey/sign-in',
    {
      config: { access: 'public', rateLimit: guarded },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey instead of the password',
        body: passkeySignInBodySchema,
        response: { 200: userReplySchema, ...errors, 403: restrictedReplySchema },
      },
    },
    async (request, reply) => {
      const signedIn = await signInWithPasskey(ctx, request.body, client(request, clientAddress(request)));
      const refused = await refuseRestricted(ctx, signedIn);
      if (refused) return sendRestricted(reply, refused);
      reply.header('set-cookie', signedIn.setCookies);
      return { user: await loadMe(ctx, signedIn.userId) };
    },
  );
};

/** The member's sessions, under /api/me (decision 057). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/sessions',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['me'],
        summary: 'Your signed-in sessions: device, place where known, last active, which is this one',
        response: { 200: sessionListSchema },
      },
    },
    async (request) => ({ sessions: await listSessions(ctx, actorOf(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['me'],
        summary: 'Sign one of your sessions out (its sockets close)',
        params: idParamSchema,
        response: { 204: z.null(), 404: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeSession(ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      config: { access: 'member', fresh: true },
      schema: {
        tags: ['me'],
        summary: "Sign out every session but this one (the spec's sign-out scope 'others')",
        response: { 200: signedOutCountSchema },
      },
    },
    async (request) => ({ signed_out: await revokeOtherSessions(ctx, actorOf(request)) }),
  );
};

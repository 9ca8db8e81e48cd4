import {
  apiErrorBodySchema,
  devToolsStatusSchema,
  mailboxSchema,
  migrationBodySchema,
  migrationResultSchema,
  sampleProfilesBodySchema,
  sampleProfilesResultSchema,
} from '@royal/shared';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEmails } from '../../db/schema';
import { requestAddress } from '../../lib/audit';
import { actorOf } from '../../plugins/access';
import { createSampleProfiles, devToolsStatus, migrateSampleMembers } from './demo-tools';

/**
 * Demo-mode tools for admins: the dev mailbox shows the e-mails the outbox holds, text and HTML (the
 * admin dashboard's Mailbox tab). The app registers
 * these routes only in demo mode; anywhere else they do not exist (404).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      config: { access: { role: 'admin' } },
      schema: {
        tags: ['dev'],
        summary: 'The latest 50 e-mails in the outbox (admins, demo mode only)',
        response: { 200: mailboxSchema, 401: apiErrorBodySchema, 403: apiErrorBodySchema },
      },
    },
    async () => {
      const rows = await app.ctx.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(50);
      return {
        transport: app.ctx.mail.kind,
        items: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          text: r.textBody,
          html: r.htmlBody,
          kind: r.kind,
          status: r.status,
          attempts: r.attempts,
          error: r.error,
          created_at: r.createdAt.toISOString(),
          sent_at: r.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};

/**
 * The admins' sample-member tools (/migration and the More menu's Developer Tools). Registered
 * everywhere, unlike the mailbox, so that outside demo mode an admin is told why
 * (DEMO_MODE_REQUIRED) and the web app can ask whether to offer them.
 */
export const devToolRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dev'];
  const admins = { access: { role: 'admin' as const } };
  const errors = { 401: apiErrorBodySchema, 403: apiErrorBodySchema };
  const refusals = {
    400: apiErrorBodySchema,
    ...errors,
    403: apiErrorBodySchema.describe('FORBIDDEN, SECOND_FACTOR_*, or DEMO_MODE_REQUIRED outside demo mode'),
  };

  app.get(
    '/admin/dev/status',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Whether the demo tools are available (admins)',
        response: { 200: devToolsStatusSchema, ...errors },
      },
    },
    async () => devToolsStatus(app.ctx),
  );

  app.post(
    '/admin/dev/migration',
    {
      config: admins,
      schema: {
        tags,
        summary:
          'Write the seed’s 50 sample members plus the ambassador, skipping existing ones (admins, demo mode only)',
        body: migrationBodySchema,
        response: { 200: migrationResultSchema, ...refusals },
      },
    },
    async (request) =>
      migrateSampleMembers(app.ctx, { admin: actorOf(request), ip: requestAddress(request) }),
  );

  app.post(
    '/admin/dev/sample-profiles',
    {
      config: admins,
      schema: {
        tags,
        summary: 'Write new generated sample members (admins, demo mode only)',
        body: sampleProfilesBodySchema,
        response: { 200: sampleProfilesResultSchema, ...refusals },
      },
    },
    async (request) =>
      createSampleProfiles(app.ctx, {
        admin: actorOf(request),
        ip: requestAddress(request),
        count: request.body.count,
      }),
  );
};

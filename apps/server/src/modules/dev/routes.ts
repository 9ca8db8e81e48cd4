import { apiErrorBodySchema, mailboxSchema } from '@royal/shared';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxEmails } from '../../db/schema';

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

import { AppError, apiErrorBodySchema, ErrorCode, isAdmin } from '@royal/shared';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEmails } from '../../db/schema';
import { memberOf, requireMember } from '../../plugins/session';

const mailboxSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
});

/** Demo-mode tools for admins: the dev mailbox shows the e-mails the outbox holds. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      preHandler: requireMember,
      schema: {
        tags: ['dev'],
        summary: 'The latest 50 e-mails in the outbox (admins, demo mode only)',
        response: {
          200: mailboxSchema,
          401: apiErrorBodySchema,
          403: apiErrorBodySchema,
          404: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      const member = memberOf(request);
      if (!app.ctx.config.demoMode)
        throw new AppError(ErrorCode.NOT_FOUND, 'The dev mailbox exists only in demo mode');
      if (!isAdmin(member.actor)) throw new AppError(ErrorCode.FORBIDDEN, 'Admins only');
      const rows = await app.ctx.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt))
        .limit(50);
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.toAddress,
          subject: r.subject,
          text: r.textBody,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};

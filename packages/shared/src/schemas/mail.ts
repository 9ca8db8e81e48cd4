import { z } from 'zod';

/** One e-mail of the outbox as the dev mailbox shows it (GET /api/dev/mailbox, admins in demo mode). */
export const mailboxItemSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.enum(['security', 'notice']),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  sent_at: z.iso.datetime({ offset: true }).nullable(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;

export const mailboxSchema = z.object({
  /** The mail transport in use: 'outbox' keeps every e-mail here; 'smtp' sends them out too. */
  transport: z.string(),
  items: z.array(mailboxItemSchema),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

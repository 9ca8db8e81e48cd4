import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../enums';

// The admin dashboard's queues (issue 37): what waits for a decision, counted; claims that keep two
// admins off one item; the summary cards read from real data.

/** The queues an admin works through; each name is also its list's path under /api/admin. */
export const ADMIN_QUEUES = [
  'reports',
  'support-requests',
  'waitlist',
  'photo-appeals',
  'enforcement-appeals',
] as const;
export type AdminQueue = (typeof ADMIN_QUEUES)[number];

/** How long a claim holds without a decision; claiming again (by the same admin) renews it. */
export const ADMIN_CLAIM_TTL_MINUTES = 15;
export const ADMIN_CLAIM_TTL_MS = ADMIN_CLAIM_TTL_MINUTES * 60_000;

/** What a report's decision may be: the member was acted against, or the report was unfounded. */
export const REPORT_OUTCOMES = ['actioned', 'dismissed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_NOTE_MAX = 1000;

export const adminQueueParamsSchema = z.object({
  queue: z.enum(ADMIN_QUEUES).describe('Which queue the item is in'),
  id: z.uuid().describe('The item: a report, support request, waitlist application or photo (its appeal)'),
});

export const adminQueueCountsSchema = z
  .object({
    queues: z
      .array(
        z.object({
          queue: z.enum(ADMIN_QUEUES),
          open: z.int().min(0).describe('Items waiting for a decision'),
          claimed: z.int().min(0).describe('Of those, how many an admin holds a live claim on'),
        }),
      )
      .describe('Every queue, in ADMIN_QUEUES order'),
  })
  .describe('The queues’ counts for the dashboard’s tabs');
export type AdminQueueCounts = z.infer<typeof adminQueueCountsSchema>;

export const adminClaimSchema = z
  .object({
    queue: z.enum(ADMIN_QUEUES),
    item_id: z.uuid(),
    expires_at: z.iso.datetime({ offset: true }).describe('Unless renewed or released before'),
  })
  .describe('Your claim on an item: nobody else may decide it until it expires or you decide or release it');
export type AdminClaim = z.infer<typeof adminClaimSchema>;

export const reportDecisionBodySchema = z.object({
  outcome: z
    .enum(REPORT_OUTCOMES)
    .describe('actioned: the member was acted against (status resolved); dismissed: unfounded'),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX)
    .optional()
    .describe(`For the audit trail only; at most ${REPORT_NOTE_MAX} characters`),
});
export type ReportDecisionBody = z.input<typeof reportDecisionBodySchema>;

export const adminSummarySchema = z
  .object({
    total_users: z.int().min(0).describe('Members who finished onboarding (deleted accounts excluded)'),
    active_subscriptions: z.int().min(0).describe('Of those, with a paid plan running now or sponsored'),
    paid_users: z.int().min(0).describe('Of those, on a tier above 0'),
    conversion_percent: z.number().min(0).max(100).describe('paid_users / total_users, one decimal'),
    tier4_users: z.int().min(0),
    revenue: z
      .object({
        deposits_cents: z.int().min(0),
        subscriptions_cents: z.int().min(0).describe('Card-paid plans'),
        boosts_cents: z.int().min(0),
        total_cents: z.int().min(0),
      })
      .describe(
        'Money received through the payment provider, from the ledger, by what it paid for (a plan paid from the wallet is already in deposits)',
      ),
    counted_at: z.iso.datetime({ offset: true }),
  })
  .describe('The dashboard’s summary cards');
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const decidedReportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['resolved', 'dismissed']).describe('actioned is stored as resolved'),
    outcome: z.enum(REPORT_OUTCOMES),
    resolved_at: z.iso.datetime({ offset: true }),
  })
  .describe('A decided report');
export type DecidedReport = z.infer<typeof decidedReportSchema>;

/** The reported member's record beside a report in the queue: earlier reports and how each ended. */
export const reportHistorySchema = z
  .object({
    reported: z.object({ id: z.uuid(), name: z.string() }),
    earlier: z
      .array(
        z.object({
          id: z.uuid(),
          reason: z.enum(REPORT_REASONS),
          status: z.enum(REPORT_STATUSES),
          created_at: z.iso.datetime({ offset: true }),
          resolved_at: z.iso.datetime({ offset: true }).nullable(),
        }),
      )
      .describe('Other reports against the same member, newest first (at most 50)'),
  })
  .describe('The reported member’s history');
export type ReportHistory = z.infer<typeof reportHistorySchema>;

/** An admin's optional note when declining a waitlist application: kept with it, for the team. */
export const WAITLIST_DECLINE_NOTE_MAX = 500;
export const waitlistDeclineBodySchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(WAITLIST_DECLINE_NOTE_MAX)
      .optional()
      .describe(`Why, for the team (not e-mailed); at most ${WAITLIST_DECLINE_NOTE_MAX} characters`),
  })
  // No body at all is a decline without a note (Fastify gives null for an empty body).
  .nullish();
export type WaitlistDeclineBody = z.input<typeof waitlistDeclineBodySchema>;

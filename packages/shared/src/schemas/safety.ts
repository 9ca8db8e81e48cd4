import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES } from '../enums';
import { BLOCK_REASON_MAX, REPORT_DETAILS_MAX } from '../limits';
import { uuidInput } from './common';

// Blocks and reports (issue 34): who a member keeps away, and what they tell the moderators.

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((text) => (text ? text : undefined));

export const blockBodySchema = z.object({
  member_id: uuidInput().describe('The member to block'),
  reason: optionalText(BLOCK_REASON_MAX, `Reason must be at most ${BLOCK_REASON_MAX} characters`).describe(
    'Why, for yourself: never shown to the member',
  ),
});
export type BlockBody = z.input<typeof blockBodySchema>;

export const blockedMemberSchema = z
  .object({
    id: z.uuid().describe('The block: DELETE /api/blocks/{id} lifts it'),
    member_id: z.uuid(),
    name: z.string(),
    // No photo: the photo route serves none across a block, either way.
    reason: z.string().nullable(),
    created_at: z.iso.datetime({ offset: true }),
  })
  .describe('A member you blocked');
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const blockedListSchema = z.object({
  items: z.array(blockedMemberSchema).describe('Newest first'),
});
export type BlockedList = z.infer<typeof blockedListSchema>;

export const reportBodySchema = z.object({
  member_id: uuidInput().describe('The member reported'),
  reason: z.enum(REPORT_REASONS, { error: 'Choose what happened' }),
  details: z
    .string()
    .trim()
    .min(1, 'Tell us what happened')
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`),
  block: z.boolean().default(false).describe('Also block the member'),
});
export type ReportBody = z.input<typeof reportBodySchema>;

export const reportReplySchema = z.object({
  id: z.uuid(),
  status: z.enum(REPORT_STATUSES),
  blocked: z.boolean().describe('The member is now blocked (asked for with the report)'),
});
export type ReportReply = z.infer<typeof reportReplySchema>;

/** One report in the moderators' queue. */
export const queuedReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  reported: z.object({ id: z.uuid(), name: z.string() }),
  /** For the moderators only: the reported member never learns who reported them. */
  reporter: z
    .object({ id: z.uuid(), name: z.string() })
    .nullable()
    .describe('null once their account is gone'),
  /** Open reports against the same member from different members (auto-block counts three). */
  open_reports_against: z.int().min(1),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

export const reportsQueueSchema = z.object({ items: z.array(queuedReportSchema).describe('Oldest first') });
export type ReportsQueue = z.infer<typeof reportsQueueSchema>;

export const reportsQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
});

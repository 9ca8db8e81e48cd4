import { z } from 'zod';
import { REPORT_REASONS, REPORT_STATUSES, SAFE_LOCATION_TYPES } from '../enums';
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
  date_plan_id: z
    .uuid()
    .nullable()
    .optional()
    .describe(
      'The date a flag on a private rating after it was about; null for a report from the Report button',
    ),
});
export type QueuedReport = z.infer<typeof queuedReportSchema>;

export const reportsQueueSchema = z.object({ items: z.array(queuedReportSchema).describe('Oldest first') });
export type ReportsQueue = z.infer<typeof reportsQueueSchema>;

export const reportsQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
});

export const safeLocationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    type: z.enum(SAFE_LOCATION_TYPES),
    rating: z.number().min(0).max(5),
    amenities: z.array(z.string()).describe('All of them: the card shows the first three and "+n more"'),
    hours_today: z.string().nullable().describe('Today’s hours as written, in the place’s time zone'),
    open_now: z.boolean().nullable().describe('In the place’s time zone; null when its hours are unknown'),
    maps_url: z.string().describe('An external maps search by name, address, city and state'),
  })
  .describe('A verified public place to meet');
export type SafeLocation = z.infer<typeof safeLocationSchema>;

export const safeLocationsSchema = z.object({
  city: z.string().describe('The member’s city the places are in ("City, ST")'),
  items: z.array(safeLocationSchema).describe('At most six, safety rating 4 or more, best first'),
});
export type SafeLocations = z.infer<typeof safeLocationsSchema>;

import { z } from 'zod';
import { REPORT_STATUSES } from '../enums';
import { TIER_LEVELS, tierSchema } from '../tiers';
import { cursorQuerySchema, pageSchema } from './common';

// The admin dashboard's Members tab and audit log (issue 37, spec part 2 §2 Users, §4, §8).

/** The spec's toasts for the Users tab (part 2 §8, "Admin"). */
export const ADMIN_TIER_UPDATED_TITLE = 'Tier updated';
export const adminTierUpdatedText = (tier: number) => `User tier updated to ${tier}`;
export const ADMIN_USER_VERIFIED_TEXT = 'User verified';
export const ADMIN_VERIFICATION_REMOVED_TEXT = 'Verification removed';
export const ADMIN_LOAD_USERS_FAILED_TEXT = 'Failed to load users';
export const ADMIN_UPDATE_TIER_FAILED_TEXT = 'Failed to update tier';
export const ADMIN_UPDATE_VERIFICATION_FAILED_TEXT = 'Failed to update verification';

/** The search box, at most this long (a name or an e-mail). */
export const ADMIN_MEMBER_QUERY_MAX = 254;

/** 'true' or 'false' in a query string. */
const flag = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} must be true or false` }).transform((v) => v === 'true');

const tierParam = z
  .enum(TIER_LEVELS.map(String) as [string, ...string[]], { error: 'Tier must be 0 to 4' })
  .transform(Number);

/**
 * The orders of the admins' member list: a column and a direction. Members equal in the column follow
 * in id order (the same direction), so a page cursor stays exact. Only live members (onboarding
 * finished, account not deleted) have an activity worth ranking: `last_active_*` lists only them.
 */
export const ADMIN_MEMBER_SORT_COLUMNS = ['joined', 'name', 'last_active', 'tier'] as const;
export type AdminMemberSortColumn = (typeof ADMIN_MEMBER_SORT_COLUMNS)[number];
export const ADMIN_MEMBER_SORTS = ADMIN_MEMBER_SORT_COLUMNS.flatMap(
  (column) => [`${column}_asc`, `${column}_desc`] as const,
);
export type AdminMemberSort = `${AdminMemberSortColumn}_${'asc' | 'desc'}`;
export const ADMIN_MEMBER_SORT_DEFAULT: AdminMemberSort = 'joined_desc';

/** A sort's column and direction ('tier_desc' → tier, desc). */
export function adminMemberSortParts(sort: AdminMemberSort): {
  column: AdminMemberSortColumn;
  direction: 'asc' | 'desc';
} {
  const at = sort.lastIndexOf('_');
  return {
    column: sort.slice(0, at) as AdminMemberSortColumn,
    direction: sort.slice(at + 1) as 'asc' | 'desc',
  };
}

export const adminMembersQuerySchema = cursorQuerySchema.extend({
  sort: z
    .enum(ADMIN_MEMBER_SORTS as [AdminMemberSort, ...AdminMemberSort[]], { error: 'Unknown sort' })
    .default(ADMIN_MEMBER_SORT_DEFAULT)
    .describe(
      'joined_desc (newest sign-ups first, the default) or joined_asc; name_asc / name_desc (case-insensitive); last_active_desc / last_active_asc (live members only); tier_desc / tier_asc (then by name, the same way). A cursor belongs to its sort',
    ),
  q: z
    .string()
    .trim()
    .max(ADMIN_MEMBER_QUERY_MAX)
    .optional()
    .describe('A name (any part of it) or an e-mail (its beginning, or the whole address)'),
  tier: tierParam.optional().describe('Only members at this tier, 0–4'),
  verified: flag('Verified').optional().describe('true or false'),
  suspended: flag('Suspended')
    .optional()
    .describe('true: suspended or banned now; false: neither (a suspension that ran out counts as none)'),
  joined_from: z.iso.date().optional().describe('Signed up on or after this day (UTC), YYYY-MM-DD'),
  joined_to: z.iso.date().optional().describe('Signed up on or before this day (UTC), YYYY-MM-DD'),
});
export type AdminMembersQuery = z.infer<typeof adminMembersQuerySchema>;

/** A member in the admins' list (spec part 2 §3, "Admin user list row"). */
export const adminMemberRowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    tier_level: tierSchema,
    tier_subscription_active: z.boolean(),
    verified: z.boolean(),
    suspended: z.boolean().describe('Suspended or banned now'),
    roles: z.array(z.string()),
    view_count: z.number().int().nonnegative(),
    like_count: z.number().int().nonnegative(),
    created_at: z.iso.datetime({ offset: true }),
    last_active: z.iso.datetime({ offset: true }).nullable(),
  })
  .describe('A member, as the admins see them');
export type AdminMemberRow = z.infer<typeof adminMemberRowSchema>;

export const adminMembersPageSchema = pageSchema(adminMemberRowSchema).describe('In the order asked (sort)');
export type AdminMembersPage = z.infer<typeof adminMembersPageSchema>;

export const adminMemberDetailSchema = adminMemberRowSchema
  .extend({
    tier_subscription_ends_at: z.iso.datetime({ offset: true }).nullable(),
    is_sponsored: z.boolean(),
    wallet_balance_cents: z.number().int().nullable().describe('null: the member has no wallet'),
    reports_against: z
      .object({
        total: z.number().int().nonnegative(),
        by_status: z.record(z.enum(REPORT_STATUSES), z.number().int().nonnegative()),
      })
      .describe('Reports filed against this member'),
    sessions: z
      .array(
        z.object({
          id: z.uuid(),
          device: z.string(),
          created_at: z.iso.datetime({ offset: true }),
          last_active: z.iso.datetime({ offset: true }),
          second_factor_confirmed: z.boolean(),
        }),
      )
      .describe('Open sessions, latest activity first (no addresses)'),
  })
  .describe("A member's detail, for the admins");
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;

export const adminMemberPatchSchema = z
  .object({
    tier_level: tierSchema.optional().describe('The tier dropdown, 0–4'),
    verified: z.boolean().optional().describe('The verify toggle'),
  })
  .strict()
  .refine((body) => body.tier_level !== undefined || body.verified !== undefined, {
    message: 'Give tier_level or verified',
  });
export type AdminMemberPatch = z.infer<typeof adminMemberPatchSchema>;

/** One row of the audit trail, for the admins. */
export const auditEntrySchema = z
  .object({
    id: z.string().describe('Row id; newer rows have larger ids'),
    actor: z
      .object({ id: z.uuid(), name: z.string().nullable() })
      .nullable()
      .describe('Who; null for the system'),
    action: z.string().describe('What, a stable word (tier_change, verified_change, photo_decision, …)'),
    target: z
      .object({ type: z.string().nullable(), id: z.string().nullable(), name: z.string().nullable() })
      .describe('On whom or what'),
    member_id: z
      .uuid()
      .nullable()
      .describe(
        'The member the row concerns (the target, or the owner of the photo, report or request); null when none',
      ),
    before: z.unknown().optional().describe('The value before, where the action records one'),
    after: z.unknown().optional().describe('The value after, where the action records one'),
    reason: z.string().nullable().describe('The reason code, or the reason given'),
    data: z.record(z.string(), z.unknown()).nullable().describe('Everything the row recorded'),
    ip: z.string().nullable().describe('The address the action came from'),
    created_at: z.iso.datetime({ offset: true }),
  })
  .describe('An audit row');
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema).describe('Newest first');
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditQuerySchema = cursorQuerySchema.extend({
  actor_id: z.uuid().toLowerCase().optional().describe('Only what this admin did'),
  target_id: z
    .uuid()
    .toLowerCase()
    .optional()
    .describe('Only what was done to this one thing: a member, a photo, a report, an event…'),
  member_id: z
    .uuid()
    .toLowerCase()
    .optional()
    .describe(
      'Only rows about this member: done to them, their photos, reports against them, their verification and support requests',
    ),
  action: z
    .string()
    .regex(/^[a-z_.]{1,64}$/, 'Unknown action')
    .optional()
    .describe('Only this action'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

import { INACTIVE_DELETION_DAYS, INACTIVE_WARNING_DAYS_BEFORE } from '@royal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, sessions, userRoles, users } from '../../db/schema';
import { queueEmail, renderMail } from '../mail';
import { deleteMember } from './delete';
import { holdsMoney } from './money';

// Retention of inactive profiles (issue 34, decision 053): a member unseen for INACTIVE_DELETION_DAYS
// is deleted as Delete Account deletes (deleteMember), and only after an e-mail warned them
// INACTIVE_WARNING_DAYS_BEFORE days earlier. The daily `inactive-profile-retention` job
// (jobs/index.ts) runs both passes; `now` is injectable so tests move the clock.

const DAY_MS = 86_400_000;
const WARN_AFTER_DAYS = INACTIVE_DELETION_DAYS - INACTIVE_WARNING_DAYS_BEFORE;
/** Members per statement (warnings) or per listing (deletions, each then in its own transaction). */
const BATCH = 100;

/** Tests page with smaller batches. */
export type RetentionOptions = { batchSize?: number };

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The member's last sign of life: a request (last_active, kept by the actor resolver) or a session
 * signed in or refreshed, which a sign-in with no request after it leaves as the only trace.
 */
const lastActivity = sql`greatest(${profiles.lastActive}, (select max(${sessions.updatedAt}) from ${sessions} where ${sessions.userId} = ${profiles.userId}))`;

/**
 * Whether the profile's warning belongs to the current period of inactivity, i.e. the member has not
 * been seen since. Compared with the warning's day: a member who hides their online status has
 * last_active kept to the day (modules/auth/actor.ts), so coming back on the day of the warning
 * records that day's midnight, earlier than the warning itself.
 */
const warnedForThisPeriod = sql`(${profiles.inactivityWarnedAt} is not null and ${lastActivity} < date_trunc('day', ${profiles.inactivityWarnedAt}, 'UTC'))`;

/**
 * Live members (the scrub clears onboarded_at, so deleted ones are never touched again) with no
 * activity after `before`, admins aside: the job never deletes staff, so it does not warn them
 * either. The plain last_active bound lets profiles_inactive_idx find them.
 */
const inactiveSince = (before: Date) => sql`${profiles.onboardedAt} is not null
  and ${profiles.lastActive} <= ${at(before)} and ${lastActivity} <= ${at(before)}
  and not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId} and ${userRoles.role} = 'admin')`;

/** Inactive long enough to be deleted, and warned (for this period) long enough ago. */
const dueForDeletion = (now: Date) => sql`${inactiveSince(daysBefore(now, INACTIVE_DELETION_DAYS))}
  and ${warnedForThisPeriod} and ${profiles.inactivityWarnedAt} <= ${at(daysBefore(now, INACTIVE_WARNING_DAYS_BEFORE))}`;

/**
 * Warns every member inactive for INACTIVE_DELETION_DAYS − INACTIVE_WARNING_DAYS_BEFORE days and not
 * yet warned for this period: records the warning on the profile and queues the e-mail in the same
 * transaction, a batch at a time. Returns how many were warned.
 */
export async function warnInactiveMembers(
  ctx: AppContext,
  now: Date = new Date(),
  { batchSize = BATCH }: RetentionOptions = {},
): Promise<number> {
  const due = sql`${inactiveSince(daysBefore(now, WARN_AFTER_DAYS))} and not ${warnedForThisPeriod}`;
  let warned = 0;
  for (;;) {
    // SKIP LOCKED: a member another instance is warning (or whose row is busy) waits for tomorrow.
    const count = await ctx.transact(async (work) => {
      const { rows } = await work.tx.execute<{ email: string; activityMs: number }>(sql`
        update ${profiles} set inactivity_warned_at = ${at(now)}
        where ${profiles.userId} in (
          select ${profiles.userId} from ${profiles} where ${due}
          order by ${profiles.lastActive}, ${profiles.userId} limit ${batchSize}
          for update skip locked)
        returning (select ${users.email} from ${users} where ${users.id} = ${profiles.userId}) as "email",
          (extract(epoch from ${lastActivity}) * 1000)::float8 as "activityMs"`);
      for (const row of rows) {
        await queueEmail(work.tx, warningEmail(ctx, row.email, deletionDate(now, row.activityMs)));
      }
      return rows.length;
    });
    warned += count;
    if (count < batchSize) break;
  }
  if (warned > 0) ctx.log.info({ warned }, 'inactive members warned of their deletion');
  return warned;
}

/**
 * The earliest moment the member may be deleted: a year after their last activity, and never sooner
 * than INACTIVE_WARNING_DAYS_BEFORE days after this warning (a member first found long inactive, as
 * on the job's first run, still gets their 30 days).
 */
function deletionDate(now: Date, activityMs: number): Date {
  return new Date(
    Math.max(
      activityMs + INACTIVE_DELETION_DAYS * DAY_MS,
      now.getTime() + INACTIVE_WARNING_DAYS_BEFORE * DAY_MS,
    ),
  );
}

/** The day as members read it (the job runs in UTC, so the day is UTC's). */
const dayText = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

function warningEmail(ctx: Pick<AppContext, 'config'>, to: string, deleteAfter: Date) {
  const day = dayText(deleteAfter);
  const site = ctx.config.publicOrigin;
  const subject = 'Your Royal Circle account will be deleted';
  const paragraphs = [
    'We have not seen you at the Royal Circle for a long while. Accounts that stay unused for a year are deleted, with their data: profile, photos, matches and settings.',
    `Your account and its data will be deleted on ${day} unless you sign in before then.`,
    'If your wallet still holds money, sign in and withdraw it: an account holding money is not deleted, and it stays yours until the money is withdrawn.',
  ];
  // A security mail: it warns of the account's deletion, whatever the member's e-mail choices.
  return {
    to,
    ...renderMail({
      title: subject,
      paragraphs,
      action: { label: 'Sign in to keep your account', url: site },
      kind: 'security',
    }),
  };
}

export type InactiveDeletionRun = { deleted: number; keptForMoney: number };

/**
 * Deletes every member due (inactive INACTIVE_DELETION_DAYS and warned at least
 * INACTIVE_WARNING_DAYS_BEFORE days ago) exactly as Delete Account does, each in their own
 * transaction, which first re-checks under the profile's lock that they are still due (a sign-in may
 * have come since the listing). A member whose money is held is kept, as Delete Account refuses them
 * (decision 053): counted and logged, and tried again on every run.
 */
export async function deleteInactiveMembers(
  ctx: AppContext,
  now: Date = new Date(),
  { batchSize = BATCH }: RetentionOptions = {},
): Promise<InactiveDeletionRun> {
  const due = dueForDeletion(now);
  const run: InactiveDeletionRun = { deleted: 0, keptForMoney: 0 };
  // Members kept stay in the listing, so it walks on from the last one it listed.
  let after: SQL = sql`true`;
  for (;;) {
    const { rows } = await ctx.db.execute<{ userId: string; lastActive: string }>(sql`
      select ${profiles.userId} as "userId", ${profiles.lastActive}::text as "lastActive"
      from ${profiles} where ${due} and ${after}
      order by ${profiles.lastActive}, ${profiles.userId} limit ${batchSize}`);
    for (const { userId } of rows) {
      let keptForMoney = false;
      const deleted = await deleteMember(ctx, userId, async (work) => {
        const { rows: still } = await work.tx.execute(
          sql`select 1 from ${profiles} where ${profiles.userId} = ${userId} and ${due} for update`,
        );
        if (still.length === 0) return false;
        keptForMoney = await holdsMoney(work, userId);
        return !keptForMoney;
      });
      if (deleted) run.deleted += 1;
      if (keptForMoney) run.keptForMoney += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = sql`(${profiles.lastActive}, ${profiles.userId}) > (${last.lastActive}::timestamptz, ${last.userId}::uuid)`;
  }
  if (run.deleted > 0) ctx.log.info({ deleted: run.deleted }, 'inactive members deleted');
  if (run.keptForMoney > 0) {
    ctx.log.warn(
      { count: run.keptForMoney },
      'inactive members not deleted: their wallet holds money, or a withdrawal or transfer of theirs is pending',
    );
  }
  return run;
}

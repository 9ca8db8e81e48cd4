import type { AppContext } from '../context';
import { deleteInactiveMembers, warnInactiveMembers } from '../modules/account-deletion';
import { ANALYTICS_ROLLUP_JOB, rollUpFinishedDays } from '../modules/admin-analytics';
import { cancelReplacedPlans, endDueSponsorships, lapseEndedSubscriptions } from '../modules/billing';
import { buildPendingExports, DATA_EXPORT_JOB, purgeExpiredExports } from '../modules/data-export';
import {
  DATE_PLAN_REMIND_JOB,
  DATE_PLAN_SETTLE_JOB,
  DATE_PLAN_WATCH_JOB,
  remindDuePlans,
  settleDuePlans,
  watchOverDates,
} from '../modules/date-plans';
// Job files of the events module (composition may reach a job file, as for matches below).
import { BULK_INVITE_JOB, sendPendingBulkInvites } from '../modules/events/bulk-invite-job';
import { EVENT_REMINDER_JOB, remindStartingEvents } from '../modules/events/reminders';
// Not on the matches module's entry (see modules/matches/index.ts): composition may reach a job file.
import { expireMatches } from '../modules/matches/expiry';
import { purgeExpiredMessages } from '../modules/messaging';
import { moderatePendingPhotos } from '../modules/moderation';
import { MODERATION_JOB } from '../modules/photos';
import { refreshAges } from '../modules/profile';
import { pruneHandledPushes } from '../modules/push';
import { pruneRealtimeEvents } from '../modules/realtime';
import { STORAGE_SWEEP_JOB, sweepOrphanedObjects } from '../modules/storage-sweeper';
import { purgeVerificationImages } from '../modules/verification';
import {
  purgeExpiredTransactions,
  purgeIdempotencyKeys,
  releaseDueTransfers,
  requestPendingPayouts,
} from '../modules/wallet';
import { reconcilePayments } from '../modules/webhooks';
import type { JobDefinition } from './queue';

/**
 * Every background job and its schedule. Later work adds retention, purges, reconciliation and
 * e-mail delivery here.
 */
/**
 * The date plans' minute jobs settle, remind and alert one plan or watch at a time under its row lock,
 * re-reading its state: a run beside a stalled one is safe, and a safety alert must not wait the
 * queue's default 15 minutes after a crash (decision 069).
 */
const DATE_PLAN_JOB_EXPIRY_SECONDS = 120;

export function scheduledJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      // A match whose 48 hours pass before both members have written closes, and both are told.
      name: 'match-expiry',
      cron: '* * * * *',
      run: () => expireMatches(ctx),
    },
    {
      // New photos are scored on this server; an upload queues a run at once, the schedule is the
      // safety net (a queue hiccup, an instance that stopped mid-run).
      name: MODERATION_JOB,
      cron: '* * * * *',
      run: () => moderatePendingPhotos(ctx),
    },
    {
      // Guarded transfers whose cool-off has passed arrive at their receiver, each on its own, or go
      // back to their sender with a notice when a rule of a transfer no longer holds (decision 027).
      name: 'transfer-release',
      cron: '* * * * *',
      run: () => releaseDueTransfers(ctx),
    },
    {
      // Confirmed dates whose check-in closed (nobody came: deposits back; one came: a no-show
      // claim) and claims undisputed for 24 hours (settled to the member who came), decision 069.
      name: DATE_PLAN_SETTLE_JOB,
      cron: '* * * * *',
      overlapSafeExpirySeconds: DATE_PLAN_JOB_EXPIRY_SECONDS,
      run: () => settleDuePlans(ctx).then(() => undefined),
    },
    {
      // Confirmed dates starting within the hour: each member with safe meeting notifications on is
      // reminded of the place, the time and the safety tips, once (decision 069).
      name: DATE_PLAN_REMIND_JOB,
      cron: '* * * * *',
      overlapSafeExpirySeconds: DATE_PLAN_JOB_EXPIRY_SECONDS,
      run: () => remindDuePlans(ctx).then(() => undefined),
    },
    {
      // Safety timers (issue 39): at its time each asks its member "Are you OK?"; 15 minutes on with
      // no code word, the member's emergency contact is alerted, once.
      name: DATE_PLAN_WATCH_JOB,
      cron: '* * * * *',
      overlapSafeExpirySeconds: DATE_PLAN_JOB_EXPIRY_SECONDS,
      run: () => watchOverDates(ctx).then(() => undefined),
    },
    {
      // Withdrawals whose payout request may have been lost (a crash between hold and request).
      name: 'payout-retry',
      cron: '*/5 * * * *',
      run: () => requestPendingPayouts(ctx),
    },
    {
      // Plans past their end date without a renewal lapse (a missed webhook cannot keep a tier).
      name: 'subscription-lapse',
      cron: '*/10 * * * *',
      run: () => lapseEndedSubscriptions(ctx),
    },
    {
      // Sponsorships whose paid 30 days are over end, and so do those paused for a day because their
      // sponsor's plan has not come back (setMemberPlan pauses them, never ends them); both members
      // are told, and the sponsor gets the unused share back (decision 029).
      name: 'sponsorship-end',
      cron: '* * * * *',
      run: () => endDueSponsorships(ctx).then(() => undefined),
    },
    {
      // Plans a newer plan replaced whose cancellation at the provider did not go through at once.
      name: 'replaced-plan-cancel',
      cron: '*/5 * * * *',
      run: () => cancelReplacedPlans(ctx).then(() => undefined),
    },
    {
      // Our ledger against the provider's records and against itself; mismatches are flagged for admins.
      name: 'payment-reconciliation',
      cron: '17 * * * *',
      run: () => reconcilePayments(ctx),
    },
    {
      // ID and selfie images are deleted 72 hours after the verification decision (DESIGN "Files").
      name: 'verification-image-purge',
      cron: '*/5 * * * *',
      run: () => purgeVerificationImages(ctx).then(() => undefined),
    },
    {
      // Messages older than MESSAGE_RETENTION_YEARS (7) are deleted (spec part 2 §9), once a day.
      name: 'message-retention',
      cron: '17 3 * * *',
      run: () => purgeExpiredMessages(ctx).then(() => undefined),
    },
    {
      // Members unseen for a year are deleted as Delete Account deletes them, and only 30 days after
      // an e-mail warned them (decision 053).
      name: 'inactive-profile-retention',
      cron: '41 3 * * *',
      run: async () => {
        await deleteInactiveMembers(ctx);
        await warnInactiveMembers(ctx);
      },
    },
    {
      // Ledger entries older than TRANSACTION_RETENTION_YEARS (7) are deleted (spec part 2 §9) with
      // their history, their net carried forward so every balance stays (decision 054), once a day.
      name: 'ledger-retention',
      cron: '29 3 * * *',
      run: () => purgeExpiredTransactions(ctx).then(() => undefined),
    },
    {
      // Export My Data: a request queues a run at once; the schedule is the safety net (a queue
      // hiccup, an instance that stopped mid-build, whose claim then lapses).
      name: DATA_EXPORT_JOB,
      cron: '* * * * *',
      run: () => buildPendingExports(ctx).then(() => undefined),
    },
    {
      // Export archives are kept 24 hours after they are ready (retention), then deleted from storage.
      name: 'data-export-purge',
      cron: '*/10 * * * *',
      run: () => purgeExpiredExports(ctx).then(() => undefined),
    },
    {
      // Ages go up on birthdays: cards, age filters and the terms' minimum age for a tier read them.
      name: 'age-refresh',
      cron: '5 0 * * *',
      run: () => refreshAges(ctx).then(() => undefined),
    },
    {
      // Bulk Invite: a request queues a run at once; the schedule is the safety net (a queue hiccup,
      // an instance that stopped mid-delivery: deliveries make the retry write nothing twice).
      name: BULK_INVITE_JOB,
      cron: '* * * * *',
      run: () => sendPendingBulkInvites(ctx).then(() => undefined),
    },
    {
      // Members with a ticket are told EVENT_REMINDER_HOURS (2) before an event starts, once per event.
      name: EVENT_REMINDER_JOB,
      cron: '*/5 * * * *',
      run: () => remindStartingEvents(ctx).then(() => undefined),
    },
    {
      // The admin analytics' daily rollups: the day just ended (UTC), and any day up to a year back
      // the job has never written (decision 061).
      name: ANALYTICS_ROLLUP_JOB,
      cron: '10 0 * * *',
      run: () => rollUpFinishedDays(ctx).then(() => undefined),
    },
    {
      // Stored objects no row names and older than an hour (uploads cut off before their row, deletes
      // that failed after it): removed, hourly (decision 065).
      name: STORAGE_SWEEP_JOB,
      cron: '37 * * * *',
      run: () => sweepOrphanedObjects(ctx).then(() => undefined),
    },
    {
      // Delivered realtime events stay resumable 24 hours (decision 064), then go, every ten minutes.
      name: 'realtime-retention',
      cron: '*/10 * * * *',
      run: () => pruneRealtimeEvents(ctx).then(() => undefined),
    },
    {
      // Handled pushes are kept a day for a look at what went out or was refused, then go.
      name: 'push-retention',
      cron: '*/10 * * * *',
      run: () => pruneHandledPushes(ctx.db).then(() => undefined),
    },
    {
      // Stored money replies are kept 30 days; a retry comes within minutes.
      name: 'idempotency-purge',
      cron: '23 4 * * *',
      run: () => purgeIdempotencyKeys(ctx),
    },
  ];
}

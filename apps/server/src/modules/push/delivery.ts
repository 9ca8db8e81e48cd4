import { DEFAULT_MEMBER_SETTINGS as D } from '@royal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outboxRetryDelayMs } from '../../db/outbox-delivery';
import { notifications, outboxPush, profiles, pushSubscriptions, safetySettings } from '../../db/schema';
import { mapLimit } from '../../lib/map-limit';
import { type PushSender, PushSubscriptionGone } from '../../ports/push';
import { notFromBlocked, noticeColumns } from '../notifications';
import { decidePush } from './decide';

// The delivery worker's pass over the push outbox (issue 40). Its rows are written by the trigger on
// notifications (db/sql/queue_push.sql), one per device, and sent here with retries and backoff as
// e-mails and texts are (db/outbox-delivery.ts), with one difference: a push is not sent inside the
// transaction that claimed it. There are many (one per message per device), and a push service may
// take a second; on the embedded database a transaction held across that would hold the one
// connection every request needs. So a pass claims its rows with a lease (next_attempt_at moved
// PUSH_LEASE_MS ahead, committed at once), sends them with no transaction open, and records each
// outcome in a statement of its own. An instance that dies mid-send leaves its rows to be claimed
// again when the lease ends: a push may then arrive twice, under the same topic and tag, so the
// push service or the device keeps one.

/** Refusals before a push is given up: about a quarter of an hour (1, 2, 4, 8 minutes). */
export const PUSH_MAX_ATTEMPTS = 5;
/** Claimed rows are not claimed again for this long; far longer than a pass's sends can take. */
export const PUSH_LEASE_MS = 2 * 60_000;
/** How long a push service keeps a push for a device that is offline; later, the app says it. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
const PUSHES_PER_PASS = 50;
const SENDS_AT_ONCE = 10;

export type PushDeliveryDeps = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  sender: PushSender;
};

/** What one pass did: pushes the services accepted, not sent by rule, devices found gone, refusals. */
export type PushPass = { sent: number; dropped: number; gone: number; refused: number };

type Claimed = { id: string; attempts: number };

/** Due rows, oldest first, claimed for PUSH_LEASE_MS; rows other instances are claiming are skipped. */
async function claimDue(db: Db, limit: number): Promise<Claimed[]> {
  const { rows } = await db.execute<Claimed>(sql`
    update ${outboxPush} set next_attempt_at = now() + ${PUSH_LEASE_MS}::int * interval '1 millisecond'
    from (select id from ${outboxPush} where status = 'queued' and next_attempt_at <= now()
      order by created_at limit ${limit}::int for update skip locked) due
    where ${outboxPush.id} = due.id
    returning ${outboxPush.id} as id, ${outboxPush.attempts} as attempts`);
  return rows;
}

/** A setting as its owner has it: their row's, or the default for a member who never saved one. */
const setting = <T>(column: AnyPgColumn, fallback: T) => sql<T>`coalesce(${column}, ${fallback})`;

/**
 * Each claimed row with what decides it: the notice, the device, and its owner's settings as they
 * are now (a member who never saved any has the defaults; discreet until chosen when their profile
 * asks for discretion). A notice or device that is gone reads as null.
 */
function loadClaimed(db: Db, ids: string[]) {
  return db
    .select({
      id: outboxPush.id,
      subscriptionId: outboxPush.subscriptionId,
      notice: {
        ...noticeColumns,
        dedupeKey: notifications.dedupeKey,
        // A block since it was written hides it from the list (notifications/service.ts): no push either.
        hidden: sql<boolean>`not ${notFromBlocked}`,
      },
      device: {
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      },
      preferences: {
        push_notifications: setting(safetySettings.pushNotifications, D.push_notifications),
        message_notifications: setting(safetySettings.messageNotifications, D.message_notifications),
        match_notifications: setting(safetySettings.matchNotifications, D.match_notifications),
        party_invites: setting(safetySettings.partyInvites, D.party_invites),
        safe_meeting_notifications: setting(
          safetySettings.safeMeetingNotifications,
          D.safe_meeting_notifications,
        ),
        discreet_notifications: sql<boolean>`coalesce(${safetySettings.discreetNotifications}, ${profiles.discretionRequired}, ${D.discreet_notifications})`,
        quiet_hours_enabled: setting(safetySettings.quietHoursEnabled, D.quiet_hours_enabled),
        quiet_hours_start: setting(safetySettings.quietHoursStart, D.quiet_hours_start),
        quiet_hours_end: setting(safetySettings.quietHoursEnd, D.quiet_hours_end),
        quiet_hours_zone: setting(safetySettings.quietHoursZone, D.quiet_hours_zone),
      },
    })
    .from(outboxPush)
    .leftJoin(notifications, eq(notifications.id, outboxPush.notificationId))
    .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, outboxPush.subscriptionId))
    .leftJoin(safetySettings, eq(safetySettings.userId, pushSubscriptions.userId))
    .leftJoin(profiles, eq(profiles.userId, pushSubscriptions.userId))
    .where(inArray(outboxPush.id, ids));
}

type Loaded = Awaited<ReturnType<typeof loadClaimed>>[number];
type Outcome = keyof PushPass;

/**
 * One pass: up to `limit` due pushes claimed, each decided on the settings of now (decide.ts) and
 * sent, SENDS_AT_ONCE at a time. A push that goes to nobody (its notice read, dismissed or hidden by
 * a block since, its device gone or moved to another account, or the member's settings say no) is
 * deleted. Accepted: marked sent, and the device's last success noted. The device gone (404/410):
 * the subscription is deleted. Any other failure: tried again after outboxRetryDelayMs, until
 * PUSH_MAX_ATTEMPTS. `at` is the instant quiet hours are read at (injectable for tests).
 */
export async function sendPushes(
  deps: PushDeliveryDeps,
  { limit = PUSHES_PER_PASS, at = () => new Date() }: { limit?: number; at?: () => Date } = {},
): Promise<PushPass> {
  const pass: PushPass = { sent: 0, dropped: 0, gone: 0, refused: 0 };
  const claimed = await claimDue(deps.db, limit);
  if (claimed.length === 0) return pass;
  const attempts = new Map(claimed.map((row) => [row.id, row.attempts]));
  const loaded = await loadClaimed(
    deps.db,
    claimed.map((row) => row.id),
  );
  const outcomes = await mapLimit(loaded, SENDS_AT_ONCE, (row) =>
    deliver(deps, row, attempts.get(row.id) ?? 0, at()),
  );
  for (const outcome of outcomes) pass[outcome] += 1;
  return pass;
}

/** The push for a claimed row, or undefined when it goes to nobody. */
function pushFor({ notice, device, preferences }: Loaded, at: Date) {
  if (!notice || !device || notice.userId !== device.userId || notice.isRead || notice.hidden) return;
  const decision = decidePush(notice, preferences, at);
  return decision.send ? { notice, device, ...decision } : undefined;
}

async function deliver(deps: PushDeliveryDeps, row: Loaded, attempts: number, at: Date): Promise<Outcome> {
  const { db } = deps;
  const push = pushFor(row, at);
  if (!push) {
    await db.delete(outboxPush).where(eq(outboxPush.id, row.id));
    return 'dropped';
  }
  const { notice, device } = push;
  try {
    await deps.sender.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      {
        payload: JSON.stringify(push.payload),
        ttlSeconds: PUSH_TTL_SECONDS,
        urgency: push.urgent ? 'high' : 'normal',
        // A notice's id without its dashes: 32 characters of base64url's alphabet, as a topic must be.
        topic: notice.id.replaceAll('-', ''),
      },
    );
  } catch (error) {
    if (error instanceof PushSubscriptionGone) {
      await db.execute(sql`
        with gone as (delete from ${pushSubscriptions} where ${pushSubscriptions.id} = ${row.subscriptionId})
        update ${outboxPush} set status = 'failed', error = ${error.message}, attempts = attempts + 1
        where ${outboxPush.id} = ${row.id}`);
      return 'gone';
    }
    await recordRefusal(deps, row.id, attempts + 1, error);
    return 'refused';
  }
  await db.execute(sql`
    with sent as (
      update ${outboxPush} set status = 'sent', sent_at = now(), error = null where ${outboxPush.id} = ${row.id})
    update ${pushSubscriptions} set last_success_at = now() where ${pushSubscriptions.id} = ${row.subscriptionId}`);
  return 'sent';
}

async function recordRefusal(deps: PushDeliveryDeps, id: string, attempts: number, error: unknown) {
  const givenUp = attempts >= PUSH_MAX_ATTEMPTS;
  const facts = { err: error, pushId: id, attempts };
  if (givenUp) deps.log.error(facts, 'push given up after its last attempt');
  else deps.log.warn(facts, 'push refused by the push service; tried again later');
  await deps.db
    .update(outboxPush)
    .set({
      attempts,
      error: error instanceof Error ? error.message : String(error),
      ...(givenUp
        ? { status: 'failed' }
        : { nextAttemptAt: sql`now() + ${outboxRetryDelayMs(attempts)}::int * interval '1 millisecond'` }),
    })
    .where(eq(outboxPush.id, id));
}

/** How long handled pushes are kept (for a look at what was sent or refused) before they go. */
export const PUSH_RETENTION_MS = 24 * 60 * 60_000;
const PRUNE_AT_MOST = 5_000;

/**
 * Deletes handled pushes (sent or failed) older than PUSH_RETENTION_MS, and queued rows long past
 * any retry (their notice or device gone unnoticed), at most PRUNE_AT_MOST a run. Returns how many.
 */
export async function pruneHandledPushes(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PUSH_RETENTION_MS).toISOString();
  // Every status named, so that outbox_push_status_created_idx serves the scan.
  const { rows } = await db.execute<{ id: string }>(sql`
    delete from ${outboxPush} where ${outboxPush.id} in (
      select id from ${outboxPush}
      where status in ('sent', 'failed', 'queued') and created_at < ${before}::timestamptz
      order by created_at limit ${PRUNE_AT_MOST}::int)
    returning ${outboxPush.id} as id`);
  return rows.length;
}

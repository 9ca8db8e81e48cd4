import { DEFAULT_MEMBER_SETTINGS } from '@royal/shared';
import { and, asc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  eventBulkInviteDeliveries,
  eventBulkInvites,
  eventRsvps,
  events,
  profiles,
  safetySettings,
} from '../../db/schema';
import { notify } from '../notifications';
import { eventLink } from './notices';

/** The queue name of the job (jobs/index.ts); a request asks for a run at once. */
export const BULK_INVITE_JOB = 'event-bulk-invite';
/** Members invited per transaction: small enough to keep each one short, large enough to be quick. */
export const BULK_INVITE_BATCH = 500;
/** Invitations one run delivers at most, so stopping an instance never waits long for the job. */
const RUN_LIMIT = 20;

type PendingInvite = {
  id: string;
  eventId: string;
  eventName: string;
  cancelled: boolean;
  tiers: number[];
  eventTiers: number[];
  message: string;
  createdBy: string | null;
};

export type BulkInviteRun = { invites: number; notified: number };

/**
 * The bulk invite job: delivers every invitation not sent yet. Safe to run twice, or on two
 * instances at once: each batch records its deliveries with ON CONFLICT DO NOTHING and notifies only
 * the members whose delivery it actually wrote, in the same transaction, so a retried run (after a
 * crash between batches, or a second worker) writes nothing twice. `now` is injectable for tests.
 */
export async function sendPendingBulkInvites(
  ctx: AppContext,
  { batchSize = BULK_INVITE_BATCH, now = () => new Date() }: { batchSize?: number; now?: () => Date } = {},
): Promise<BulkInviteRun> {
  const pending: PendingInvite[] = await ctx.db
    .select({
      id: eventBulkInvites.id,
      eventId: eventBulkInvites.eventId,
      eventName: events.name,
      cancelled: sql<boolean>`${events.status} = 'cancelled'`,
      tiers: eventBulkInvites.tiers,
      eventTiers: events.tierRequired,
      message: eventBulkInvites.message,
      createdBy: eventBulkInvites.createdBy,
    })
    .from(eventBulkInvites)
    .innerJoin(events, eq(events.id, eventBulkInvites.eventId))
    .where(isNull(eventBulkInvites.sentAt))
    .orderBy(asc(eventBulkInvites.createdAt))
    .limit(RUN_LIMIT);
  const run: BulkInviteRun = { invites: 0, notified: 0 };
  for (const invite of pending) {
    // A cancelled event invites nobody more; the invitation is closed with what it had sent.
    if (!invite.cancelled) run.notified += await deliverInvite(ctx, invite, batchSize);
    await ctx.db
      .update(eventBulkInvites)
      .set({
        sentAt: now(),
        recipients: sql`(select count(*)::int from ${eventBulkInviteDeliveries}
          where ${eventBulkInviteDeliveries.inviteId} = ${invite.id})`,
      })
      .where(and(eq(eventBulkInvites.id, invite.id), isNull(eventBulkInvites.sentAt)));
    run.invites += 1;
  }
  return run;
}

/**
 * Who is invited: members of the chosen tiers that the event also admits, with Party Invites on,
 * live (onboarded and not deleted: the deletion scrub clears onboarded_at), not already holding a
 * seat, and not the promoter who sent it. Walked in member id order (the profiles' primary key).
 */
function eligible(invite: PendingInvite): SQL {
  const tiers = invite.tiers.filter((tier) => invite.eventTiers.includes(tier));
  return and(
    tiers.length > 0 ? inArray(profiles.tierLevel, tiers) : sql`false`,
    sql`${profiles.onboardedAt} is not null`,
    sql`coalesce(${safetySettings.partyInvites}, ${DEFAULT_MEMBER_SETTINGS.party_invites})`,
    sql`not exists (select 1 from ${eventRsvps} where ${eventRsvps.eventId} = ${invite.eventId}
      and ${eventRsvps.userId} = ${profiles.userId} and ${eventRsvps.status} in ('going', 'checked_in'))`,
    invite.createdBy ? ne(profiles.userId, invite.createdBy) : undefined,
  ) as SQL;
}

/** Delivers one invitation batch by batch; how many members this run notified. */
async function deliverInvite(ctx: AppContext, invite: PendingInvite, batchSize: number): Promise<number> {
  let after: string | null = null;
  let notified = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .leftJoin(safetySettings, eq(safetySettings.userId, profiles.userId))
      .where(and(eligible(invite), after === null ? undefined : gt(profiles.userId, after)))
      .orderBy(asc(profiles.userId))
      .limit(batchSize);
    if (batch.length === 0) return notified;
    notified += await ctx.transact(async (work) => {
      const delivered = await work.tx
        .insert(eventBulkInviteDeliveries)
        .values(batch.map(({ userId }) => ({ inviteId: invite.id, userId })))
        .onConflictDoNothing()
        .returning({ userId: eventBulkInviteDeliveries.userId });
      await notify(
        work,
        delivered.map(({ userId }) => ({
          userId,
          type: 'event' as const,
          title: `You're Invited: ${invite.eventName}`,
          message: invite.message,
          link: eventLink(invite.eventId),
          dedupeKey: `event-invite:${invite.id}`,
        })),
      );
      return delivered.length;
    });
    after = batch[batch.length - 1]?.userId ?? null;
    if (batch.length < batchSize) return notified;
  }
}

import {
  AppError,
  type BulkInviteBody,
  type BulkInviteReply,
  ErrorCode,
  isEventOpenForRsvp,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { eventBulkInvites } from '../../db/schema';
import { BULK_INVITE_JOB } from './bulk-invite-job';
import { auditEvent, type EventAuditor } from './event-audit';
import { loadEvent } from './find-event';
import { eventTimes } from './presenter';

/**
 * POST /events/:id/bulk-invite (managers): records the invitation and asks the job to deliver it
 * (bulk-invite-job.ts), one notification per eligible member, in batches. Answers at once (202):
 * the count is known once the job has sent it. An event that is cancelled or over takes no invites.
 */
export async function requestBulkInvite(
  ctx: AppContext,
  {
    actor,
    ip,
    eventId,
    body,
    now = new Date(),
  }: EventAuditor & { eventId: string; body: BulkInviteBody; now?: Date },
): Promise<BulkInviteReply> {
  const invite = await ctx.transact(async ({ tx }) => {
    const event = await loadEvent({ db: tx }, eventId);
    if (!isEventOpenForRsvp(eventTimes(event), now)) throw new AppError(ErrorCode.EVENT_CLOSED);
    const tiers = [...new Set(body.tiers)].sort();
    const [created] = await tx
      .insert(eventBulkInvites)
      .values({
        eventId: event.id,
        tiers,
        message: body.message,
        createdBy: actor.id,
      })
      .returning({ id: eventBulkInvites.id });
    if (!created) throw new Error('bulk invite insert returned nothing');
    await auditEvent(tx, { actor, ip }, 'event.bulk_invite', event.id, {
      after: { invite_id: created.id, tiers, message: body.message },
    });
    return created;
  });
  await queueDelivery(ctx);
  return { id: invite.id, status: 'queued', recipients: null };
}

/** Asks the job to run now; its schedule picks the invite up if the queue is unavailable. */
async function queueDelivery(ctx: AppContext) {
  if (ctx.jobs.kind === 'off') return;
  try {
    await ctx.jobs.send(BULK_INVITE_JOB);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue the bulk invite job; the schedule will pick it up');
  }
}

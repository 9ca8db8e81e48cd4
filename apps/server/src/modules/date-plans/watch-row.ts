import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { SafetyTimerState } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { datePlanWatches } from '../../db/schema';

// A member's watch over one of their dates (issue 39): the status page's link, the safety timer and
// the alert, one row per member and plan (db/schema/date-plan-watches.ts).

export type WatchRow = typeof datePlanWatches.$inferSelect;

type LinkDeps = Pick<AppContext, 'secrets' | 'config'>;

/**
 * The status page's token: an HMAC of the watch's random id under a key derived from the auth
 * secret, never stored (as data export links, modules/data-export/links.ts). Sharing again sends
 * the same link; the row keeps only the token's sha256, which the page looks up.
 */
export function statusToken(ctx: Pick<AppContext, 'secrets'>, watchId: string): string {
  return createHmac('sha256', ctx.secrets.dateStatusLinks)
    .update(`date-status:${watchId}`)
    .digest('base64url');
}

/** What the row keeps of a token (and what the page looks a token up by). */
export const statusTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The status page's address on the configured public origin (the web app's page, no account needed). */
export const statusUrl = (ctx: LinkDeps, watchId: string) =>
  `${ctx.config.publicOrigin}/date-status/${statusToken(ctx, watchId)}`;

/**
 * The member's watch over the plan, written the first time (with its token's hash), and locked for
 * the rest of the transaction: a share, a timer, an SOS and the watch job each change it under
 * this lock, so two of them at once act one after the other.
 */
export async function lockWatch(
  tx: Db,
  ctx: Pick<AppContext, 'secrets'>,
  { planId, userId }: { planId: string; userId: string },
): Promise<WatchRow> {
  const id = randomUUID();
  await tx
    .insert(datePlanWatches)
    .values({ id, planId, userId, statusTokenHash: statusTokenHash(statusToken(ctx, id)) })
    .onConflictDoNothing({ target: [datePlanWatches.planId, datePlanWatches.userId] });
  const [row] = await tx
    .select()
    .from(datePlanWatches)
    .where(and(eq(datePlanWatches.planId, planId), eq(datePlanWatches.userId, userId)))
    .for('update');
  if (!row) throw new Error('date plan watch vanished after its upsert');
  return row;
}

/** The member's watch over the plan if there is one, locked (the verbs that need one to exist). */
export async function lockExistingWatch(
  tx: Db,
  { planId, userId }: { planId: string; userId: string },
): Promise<WatchRow | null> {
  const [row] = await tx
    .select()
    .from(datePlanWatches)
    .where(and(eq(datePlanWatches.planId, planId), eq(datePlanWatches.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Whether the timer is running: set, not ended with the code word, and no alert sent since. */
export const timerRunning = (row: WatchRow) =>
  row.timerCheckAt !== null && row.timerEndedAt === null && row.alertedAt === null;

/**
 * The timer as the member and the status page see it. The code word after an alert shows as safe;
 * an alert after the code word (an SOS later that night) clears the word's end (alert.ts), so it
 * shows as alerted.
 */
export function timerStateOf(row: WatchRow | null): SafetyTimerState {
  if (!row) return 'off';
  if (row.timerEndedAt) return 'safe';
  if (row.alertedAt) return 'alerted';
  if (row.timerCheckAt === null) return 'off';
  return row.timerAskedAt === null ? 'running' : 'asking';
}

/** The columns that end a timer's secrets: its code word and the position kept for its alert. */
export const forgetLocation = { locationLat: null, locationLng: null, locationAt: null } as const;

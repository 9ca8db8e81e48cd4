import { AUTO_BLOCK_REASON, AUTO_BLOCK_REPORTERS } from '@royal/shared';
import { type SQL, sql } from 'drizzle-orm';
import { peerTransfers, reports, safetySettings, userBlocks } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { endMatchesOnBlock } from './block';

// Auto-block (a safety setting, off by default; decision 050): a suspect is blocked for every member
// who turned it on, as a real block (listed in their Blocked Members with AUTO_BLOCK_REASON, lifted
// there like any other), written the moment someone becomes a suspect and the moment a member turns
// the setting on, so a suspect can neither find nor message them. A suspect is a member
// - reported by AUTO_BLOCK_REPORTERS or more different members (reports not dismissed), or
// - who was sent money the scam guardrails held and the sender then cancelled during the cool-off
//   (only a held transfer can be cancelled).

const suspectsSql = sql`
  select ${reports.reportedId} as suspect from ${reports}
  where ${reports.status} <> 'dismissed' and ${reports.reporterId} is not null
  group by ${reports.reportedId}
  having count(distinct ${reports.reporterId}) >= ${AUTO_BLOCK_REPORTERS}
  union
  select ${peerTransfers.receiverId} from ${peerTransfers} where ${peerTransfers.status} = 'cancelled'`;

/** Whether the member is a suspect: two index lookups (reports_reported_status_idx, peer_transfers_cancelled_receiver_idx). */
const isSuspect = (memberId: string): SQL => sql`(
  (select count(distinct ${reports.reporterId}) from ${reports}
    where ${reports.reportedId} = ${memberId} and ${reports.status} <> 'dismissed') >= ${AUTO_BLOCK_REPORTERS}
  or exists (select 1 from ${peerTransfers}
    where ${peerTransfers.receiverId} = ${memberId} and ${peerTransfers.status} = 'cancelled'))`;

/**
 * After something that may have made `memberId` a suspect (a report, a cancelled held transfer):
 * blocks them for every member with Auto-block on, unless already blocked, and ends their open
 * matches with them. Two statements; nothing when they are no suspect.
 */
export async function autoBlockIfSuspect(work: Work, memberId: string): Promise<void> {
  const blocked = await work.tx.execute<{ blocker_id: string }>(sql`
    insert into ${userBlocks} (blocker_id, blocked_id, reason)
    select ${safetySettings.userId}, ${memberId}::uuid, ${AUTO_BLOCK_REASON} from ${safetySettings}
    where ${safetySettings.autoBlockSuspicious} and ${safetySettings.userId} <> ${memberId} and ${isSuspect(memberId)}
    on conflict (blocker_id, blocked_id) do nothing
    returning blocker_id`);
  await endMatchesOnBlock(
    work,
    blocked.rows.map((row) => [row.blocker_id, memberId] as const),
  );
}

/** A member has just turned Auto-block on: every suspect is blocked for them at once. */
export async function autoBlockSuspectsFor(work: Work, memberId: string): Promise<void> {
  const blocked = await work.tx.execute<{ blocked_id: string }>(sql`
    insert into ${userBlocks} (blocker_id, blocked_id, reason)
    select ${memberId}::uuid, suspect, ${AUTO_BLOCK_REASON} from (${suspectsSql}) suspects
    where suspect <> ${memberId}
    on conflict (blocker_id, blocked_id) do nothing
    returning blocked_id`);
  await endMatchesOnBlock(
    work,
    blocked.rows.map((row) => [memberId, row.blocked_id] as const),
  );
}

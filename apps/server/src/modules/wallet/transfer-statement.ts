import { randomUUID } from 'node:crypto';
import {
  AppError,
  ErrorCode,
  maxVisibleTier,
  RECEIVER_UNAVAILABLE_TEXT,
  ROMANCE_SCAM_WARNING_TEXT,
  TRANSFER_GUARD,
  type transferBodySchema,
} from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { outboxInsert } from '../../db/outbox';
import { preparedStatement } from '../../db/prepared';
import { escrowWallets, profiles } from '../../db/schema';
import type { MemberActor } from '../auth';
import { type NewNotification, visibleActorPhoto } from '../notifications';
import { receivedNotice } from './credit-receiver';
import { GUARD_LIMITS, type GuardReason } from './guardrails';
import { requestHashOf } from './idempotency';
import { payableBy, senderRefusal } from './policy';
import { presentTransfer } from './presenter';

// A peer transfer as one statement (decision 067): record_transfer (db/sql/record_transfer.sql) does
// the whole transfer, key to commit, and this file prepares what it reads. Every text, limit and reply
// shape is decided here, in TypeScript, and passed in; the routine only chooses among them.

export type TransferInput = z.output<typeof transferBodySchema>;

/** The name of the transfer statement's outbox rows (decision 034): the receiver's notice. */
export const TRANSFER_EVENTS_RECIPE = 'transfer';

/** What the transfer statement records of a delivered transfer (`outboxed`). */
export type TransferEventsBody = { notification_ids: string[] };

export type TransferRow = {
  reply_status: number;
  reply_body: unknown;
  /** The key's stored reply, of an earlier request. */
  replayed: boolean;
  /** The key came before with another request (IDEMPOTENCY_CONFLICT, not stored). */
  key_conflict: boolean;
  /** The receiver's notice, when the transfer was delivered. */
  notification_id: string | null;
  outbox_id: string | number | null;
  receiver_tier: number | null;
  /** The sender's avatar on the notice, as the receiver may see it. */
  notice_photo_id: string | null;
  notice_created_at: string | Date;
};

type Values = { transfer: string; sender: string; tier: number; maxTier: number; receiver: string };

/**
 * The transfer: the receiver's check (the members' rule, `payableBy`) runs in this statement and is
 * handed to record_transfer, which writes the rest; a delivered transfer's notice gets its events'
 * outbox row in the same statement, so the transfer, its notice and their event commit together.
 * The commit is the default, durable one: money never commits asynchronously.
 */
const transferStatement = preparedStatement<TransferRow, Values>(
  'transfer',
  (v) =>
    sql`with input as materialized (
        select ${v.sender}::uuid as sender, ${v.tier}::int as tier, ${v.maxTier}::int as max_tier,
          ${v.receiver}::uuid as receiver,
          (select ${profiles.tierLevel} from ${profiles} where ${profiles.userId} = ${v.receiver}::uuid) as receiver_tier
      ), outcome as materialized (
        select r.* from input, record_transfer(${v.transfer}::jsonb, exists (
          select 1 from ${profiles} join ${escrowWallets} on ${escrowWallets.userId} = ${profiles.userId}
          where ${profiles.userId} = input.receiver
            and ${payableBy({ id: sql`input.sender`, tier: sql`input.tier`, maxTier: sql`input.max_tier` })})) r
      ), outboxed as (
        ${outboxInsert({
          recipe: TRANSFER_EVENTS_RECIPE,
          body: sql`jsonb_build_object('notification_ids', jsonb_build_array(outcome.notification_id))`,
          from: sql`outcome`,
          where: sql`outcome.notification_id is not null`,
        })}
      )
      select outcome.*, (select id from outboxed) as outbox_id, input.receiver_tier,
        -- What the notice is announced with, not read back after the commit: the sender's avatar as
        -- the receiver may see it, and its time (the routine's insert takes the same now()).
        case when outcome.notification_id is not null then
          ${visibleActorPhoto(sql`input.sender`, { id: sql`input.receiver`, tier: sql`input.receiver_tier` })}
        end as notice_photo_id,
        now() as notice_created_at
      from outcome cross join input`,
);

const refused = (error: AppError) => ({ status: error.status, body: error.toBody() });
const confirmation = (reason: GuardReason) =>
  refused(new AppError(ErrorCode.CONFIRMATION_REQUIRED, ROMANCE_SCAM_WARNING_TEXT, { reason }));

/** The refusals record_transfer may answer, the same for every transfer: written out once. */
const REFUSALS = JSON.stringify({
  receiver_unavailable: refused(new AppError(ErrorCode.NOT_FOUND, RECEIVER_UNAVAILABLE_TEXT)),
  // A transfer the balance cannot cover says so first, before any romance-scam warning.
  insufficient_funds: refused(new AppError(ErrorCode.INSUFFICIENT_FUNDS)),
  confirm_large_amount: confirmation('large_amount'),
  confirm_new_match: confirmation('new_match'),
  wallet_not_found: refused(new AppError(ErrorCode.NOT_FOUND, 'Wallet not found')),
});

const MINUTE_MS = 60_000;

/** The statement's values for one transfer (`now`: when a held one's cool-off starts). */
export function transferValues(
  actor: MemberActor,
  key: string,
  input: TransferInput,
  now: Date,
): { values: Values; notice: NewNotification } {
  const id = randomUUID();
  const message = input.message || null;
  const transfer = {
    id,
    receiverId: input.receiver_id,
    amountCents: input.amount_cents,
    transferType: input.transfer_type,
  };
  const releaseAt = new Date(now.getTime() + TRANSFER_GUARD.coolOffMinutes * MINUTE_MS);
  // The routine fills in the balance after the transfer.
  const reply = (status: 'completed' | 'held', at: Date | null) => ({
    transfer: presentTransfer({ ...transfer, status, releaseAt: at }),
    new_balance_cents: 0,
  });
  const notice = receivedNotice({ ...transfer, senderId: actor.id }, actor.name);
  const own = senderRefusal(actor, input.receiver_id);
  const plain = JSON.stringify({
    sender: actor.id,
    receiver: input.receiver_id,
    key,
    request_hash: requestHashOf({ operation: 'transfer', input }),
    amount_cents: input.amount_cents,
    transfer_type: input.transfer_type,
    message,
    confirmed: input.confirmed === true,
    transfer_id: id,
    release_at: releaseAt.toISOString(),
    ...GUARD_LIMITS,
    refusal: own ? refused(own) : null,
    replies: { completed: reply('completed', null), held: reply('held', releaseAt) },
    notice: {
      user_id: notice.userId,
      type: notice.type,
      title: notice.title,
      message: notice.message,
      actor_id: notice.actorId,
      link: notice.link,
      dedupe_key: notice.dedupeKey,
    },
  });
  return {
    values: {
      transfer: `${plain.slice(0, -1)},"refusals":${REFUSALS}}`,
      sender: actor.id,
      tier: actor.tier,
      maxTier: maxVisibleTier(actor.rules),
      receiver: input.receiver_id,
    },
    notice,
  };
}

/** Runs one transfer: its one row. */
export async function runTransferStatement(ctx: AppContext, values: Values): Promise<TransferRow> {
  const [row] = await transferStatement.run(ctx.database, values);
  if (!row) throw new Error('the transfer statement returned no row');
  return row;
}

/** The statement one transfer runs, with its values, for EXPLAIN and the statement test. */
export const transferStatementFor = (values: Values) => transferStatement.render(values);

import {
  AppError,
  DEFAULT_MEMBER_SETTINGS,
  ErrorCode,
  MATCH_NOT_FOUND_TEXT,
  type Message,
  type TierLevel,
} from '@royal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { matches, messages, profiles, safetySettings } from '../../db/schema';
import type { MemberActor } from '../auth';
import { isMatchOpen } from '../matches';
import { selectList } from '../members';
import { blockInMatch, isParticipant, otherMember } from './match-members';
import { fromJsonRow, messageJsonSelect } from './message-rows';
import { type MessageRow, presentMessage } from './presenter';
import { shownText } from './sealing';

// One match as the actor may use it (matchFor), read first by every verb on one chat (its messages,
// a send that wrote nothing, the read receipts, typing), and a stored message as the actor sees it
// there (presentFor).

type MatchAccess = {
  id: string;
  otherId: string;
  otherTier: TierLevel;
  open: boolean;
  /** With `retryOf`: the message already stored under that id (a retried send), if any. */
  existing: MessageRow | null;
  /** Read Receipts (a setting, on by default): whether each member lets the other see their reads. */
  readReceipts: { mine: boolean; theirs: boolean };
};

/** A member's Read Receipts setting (default on). */
const readReceiptsOf = (userId: string | SQL) =>
  sql<boolean>`coalesce((select ${safetySettings.readReceipts} from ${safetySettings}
    where ${safetySettings.userId} = ${userId}), ${sql.raw(String(DEFAULT_MEMBER_SETTINGS.read_receipts))})`;

type AccessValues = { actorId: string; matchId: string; retryOf: string | null };
type AccessRow = {
  existing: MessageRow | null;
  id: string;
  otherId: string;
  status: string;
  // A Date from a named statement; text when read on a transaction (drizzle's own parsers).
  expiresAt: Date | string;
  conversationStartedAt: Date | string | null;
  blocked: boolean;
  otherTier: number | null;
  myReadReceipts: boolean;
  theirReadReceipts: boolean;
};

/**
 * Read first by every verb on one chat: a named statement (a primary-key read), so a chat's page or a
 * typing signal is not parsed and planned afresh each time (planning it cost five times its run). On
 * a transaction it runs there, unnamed.
 */
const accessStatement = preparedStatement<AccessRow, AccessValues>('match_access', (v) => {
  const actorId = sql`${v.actorId}::uuid`;
  return sql`select ${selectList({
    existing: sql`(select to_jsonb(${sql.raw('stored')}) from (${messageJsonSelect(
      sql`${messages.id} = ${v.retryOf}::uuid`,
    )}) ${sql.raw('stored')})`,
    id: matches.id,
    otherId: otherMember(actorId),
    status: matches.status,
    expiresAt: matches.expiresAt,
    conversationStartedAt: matches.conversationStartedAt,
    blocked: blockInMatch(actorId),
    otherTier: sql`(select ${profiles.tierLevel} from ${profiles} where ${profiles.userId} = ${otherMember(actorId)})`,
    myReadReceipts: readReceiptsOf(actorId),
    theirReadReceipts: readReceiptsOf(otherMember(actorId)),
  })}
    from ${matches}
    where ${matches.id} = ${v.matchId}::uuid and ${isParticipant(actorId)}`;
});

/**
 * Where the match is read: a named statement on the pool (the context), or unnamed on `tx` (a
 * transaction under way, or the context's drizzle handle).
 */
export type MatchSource = Pick<AppContext, 'database'> | { tx: Db };

const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The match as the actor may use it: they belong to it and no block stands between the two, either
 * way. Anything else is 404 'Match not found', the answer for a match that never was or whose other
 * member is gone: a stranger learns nothing, and a member cannot tell that they were blocked (a
 * blocked match leaves both members' lists too). `retryOf` also reads the message stored under that
 * id, if any. Read on the transaction when `source` names one.
 */
export async function matchFor(
  source: MatchSource,
  actor: MemberActor,
  matchId: string,
  retryOf: { messageId: string } | null = null,
): Promise<MatchAccess> {
  const values = { actorId: actor.id, matchId, retryOf: retryOf?.messageId ?? null };
  const [row] =
    'tx' in source
      ? await accessStatement.runIn(source.tx, values)
      : await accessStatement.run(source.database, values);
  if (!row || row.otherTier === null || row.blocked) {
    throw new AppError(ErrorCode.NOT_FOUND, MATCH_NOT_FOUND_TEXT);
  }
  return {
    id: row.id,
    otherId: row.otherId,
    otherTier: row.otherTier as TierLevel,
    open: isMatchOpen({
      status: row.status,
      expiresAt: dateOf(row.expiresAt),
      conversationStartedAt: row.conversationStartedAt === null ? null : dateOf(row.conversationStartedAt),
    }),
    existing: row.existing ? fromJsonRow(row.existing) : null,
    readReceipts: { mine: row.myReadReceipts, theirs: row.theirReadReceipts },
  };
}

/**
 * Read receipts are mutual (issue 34), as members know them from other messengers: a member who
 * turns them off neither shows the other their reads nor sees the other's reads of their messages.
 */
export const readsShared = (match: Pick<MatchAccess, 'readReceipts'>) =>
  match.readReceipts.mine && match.readReceipts.theirs;

/**
 * A stored message as the actor sees it, wherever it is shown to them (the chat, a retried send).
 * Read ticks show only while both members share reads (readsShared).
 */
export function presentFor(
  ctx: AppContext,
  match: MatchAccess,
  actor: MemberActor,
  row: MessageRow,
): Message {
  const hidesRead = !readsShared(match) && row.senderId === actor.id;
  return presentMessage(hidesRead ? { ...row, readStatus: false } : row, shownText(ctx, row));
}

import { eq, or, type SQL, sql } from 'drizzle-orm';
import { matches } from '../../db/schema';
import { noBlockBetween } from '../members';

// A match's two members in SQL, from the actor's side: the other one, whether the actor is one, and a
// block between them either way. The matches list, the access check and the send statement share them.

/** The other member of a match, from the actor's side. */
export const otherMember = (actorId: string | SQL) =>
  sql`case when ${matches.user1Id} = ${actorId} then ${matches.user2Id} else ${matches.user1Id} end`;

export const isParticipant = (actorId: string | SQL) =>
  or(eq(matches.user1Id, actorId), eq(matches.user2Id, actorId)) as SQL;

/**
 * A block between the actor and the other member of the match, in either direction: the members'
 * rule (noBlockBetween), two probes of the pair's index. As one probe with OR between the
 * directions, a statement kept with one plan (which may not combine indexes: db/client.ts) would
 * read the whole blocks table.
 */
export const blockInMatch = (actorId: string | SQL) =>
  sql`not (${noBlockBetween(actorId, otherMember(actorId))})`;

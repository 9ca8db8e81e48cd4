import { eq, or, type SQL, sql } from 'drizzle-orm';
import { matches, userBlocks } from '../../db/schema';

// A match's two members in SQL, from the actor's side: the other one, whether the actor is one, and a
// block between them either way. The matches list, the access check and the send statement share them.

/** The other member of a match, from the actor's side. */
export const otherMember = (actorId: string | SQL) =>
  sql`case when ${matches.user1Id} = ${actorId} then ${matches.user2Id} else ${matches.user1Id} end`;

export const isParticipant = (actorId: string | SQL) =>
  or(eq(matches.user1Id, actorId), eq(matches.user2Id, actorId)) as SQL;

/** A block between the actor and the other member of the match, in either direction. */
export const blockInMatch = (actorId: string | SQL) =>
  sql`exists (select 1 from ${userBlocks} where
    (${userBlocks.blockerId} = ${actorId} and ${userBlocks.blockedId} = ${otherMember(actorId)})
    or (${userBlocks.blockedId} = ${actorId} and ${userBlocks.blockerId} = ${otherMember(actorId)}))`;

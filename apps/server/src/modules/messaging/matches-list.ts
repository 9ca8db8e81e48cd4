import { type CursorQuery, type MatchList, maxVisibleTier } from '@royal/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { matches, messages, profiles } from '../../db/schema';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import type { MemberActor } from '../auth';
import { isMatchOpen } from '../matches';
import { loadPhotos, memberCardColumns, notBlockedWith, notSuspended, presentMemberCard } from '../members';
import { isParticipant, otherMember } from './match-members';
import { fromJsonRow, messageJsonSelect } from './message-rows';
import type { MessageRow } from './presenter';
import { shownText } from './sealing';

// The member's matches list (GET /api/matches, and one match of it by id).

const MATCH_PAGE_SIZE = 50;

/** A match's place in the list: its latest activity (last message, else when it was made). */
const matchActivity = sql`coalesce(${matches.lastMessageAt}, ${matches.createdAt})`;

/**
 * The member's matches, newest activity first, a page at a time (`limit`, at most 50; `cursor` from
 * the previous page), each with the other member's card (the one presenter), the last message, the
 * exact unread count and the expiry state; or, with `only`, that one match (a chat opened by link
 * that the loaded pages do not hold). A match with a member blocked either way is left out (a
 * deleted member's matches are gone with them). Two statements.
 */
export async function listMatches(
  ctx: AppContext,
  { actor, query = {}, only }: { actor: MemberActor; query?: CursorQuery; only?: string },
): Promise<MatchList> {
  const limit = only ? 1 : (query.limit ?? MATCH_PAGE_SIZE);
  const after = only ? null : timeAndIdCursor.decode(query.cursor);
  const last = sql`last_message`;
  const rows = await ctx.db
    .select({
      activityKey: microsecondKey(matchActivity),
      matchId: matches.id,
      status: matches.status,
      expiresAt: matches.expiresAt,
      matchedAt: matches.createdAt,
      conversationStartedAt: matches.conversationStartedAt,
      member: memberCardColumns,
      last: sql<MessageRow | null>`(select to_jsonb(${last}) from (${messageJsonSelect(
        sql`${messages.matchId} = ${matches.id}`,
        sql`order by ${messages.createdAt} desc, ${messages.id} desc limit 1`,
      )}) ${last})`,
      unread: sql<number>`(select count(*)::int from ${messages}
          where ${messages.receiverId} = ${actor.id} and ${messages.matchId} = ${matches.id}
            and ${messages.readStatus} = false)`,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, otherMember(actor.id)))
    .where(
      and(
        isParticipant(actor.id),
        inArray(matches.status, ['active', 'expired']),
        notBlockedWith(actor.id),
        // A suspended or banned member's chats leave their matches' lists until it ends (decision 060).
        notSuspended,
        only ? eq(matches.id, only) : undefined,
        after
          ? sql`(${matchActivity}, ${matches.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${matchActivity} desc`, desc(matches.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const lastOfPage = page.at(-1);

  const photos = await loadPhotos(
    ctx.db,
    page.map((r) => r.member.id),
  );
  const viewer = { geo: actor.geo, maxTier: maxVisibleTier(actor.rules), seesOnline: actor.showsOnline };
  return {
    next_cursor:
      rows.length > limit && lastOfPage
        ? timeAndIdCursor.encode({ t: lastOfPage.activityKey, id: lastOfPage.matchId })
        : null,
    items: page.map((r) => {
      const open = isMatchOpen({
        status: r.status,
        expiresAt: r.expiresAt,
        conversationStartedAt: r.conversationStartedAt,
      });
      const lastRow = r.last ? fromJsonRow(r.last) : null;
      return {
        id: r.matchId,
        member: presentMemberCard(r.member, photos.get(r.member.id) ?? [], viewer),
        status: open ? 'active' : r.status === 'active' ? 'expired' : r.status,
        expires_at: r.conversationStartedAt ? null : r.expiresAt.toISOString(),
        created_at: r.matchedAt.toISOString(),
        last_message: lastRow
          ? {
              content: shownText(ctx, lastRow),
              sender_id: lastRow.senderId,
              created_at: lastRow.createdAt.toISOString(),
            }
          : null,
        unread_count: r.unread,
        premium_user: r.member.tierLevel > actor.tier,
      };
    }),
  };
}

import { AppError, ErrorCode, type MemberSession, UNKNOWN_LOCATION_TEXT } from '@royal/shared';
import Bowser from 'bowser';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';

/** "Chrome on Android", from the user agent the session was started with. */
export function deviceInWords(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/**
 * The member's open sessions, newest activity first. We hold no geo-IP data, so the place is
 * honestly unknown; the address itself is never shown. `last_active` is when the session was last
 * extended (Better Auth does that once a day of use), or now for this one.
 */
export async function listSessions(ctx: AppContext, actor: MemberActor): Promise<MemberSession[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt));
  const now = new Date();
  return rows
    .map((row) => {
      const current = row.id === actor.sessionId;
      return {
        id: row.id,
        device: deviceInWords(row.userAgent),
        location: UNKNOWN_LOCATION_TEXT,
        last_active: (current ? now : row.updatedAt).toISOString(),
        created_at: row.createdAt.toISOString(),
        current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Signs one of the member's sessions out. Every instance forgets the member's cached sessions and
 * closes their sockets (the actor.invalidate message, recorded before the delete as sign-out does).
 */
export async function revokeSession(ctx: AppContext, actor: MemberActor, id: string): Promise<void> {
  const gone = await ctx.publishAround([{ kind: 'actor.invalidate', userIds: [actor.id] }], () =>
    ctx.db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id)))
      .returning({ id: sessions.id }),
  );
  if (gone.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Session not found');
}

/** The spec's sign-out scope 'others': every session of the member but this one. */
export async function revokeOtherSessions(ctx: AppContext, actor: MemberActor): Promise<number> {
  const gone = await ctx.publishAround([{ kind: 'actor.invalidate', userIds: [actor.id] }], () =>
    ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.id), ne(sessions.id, actor.sessionId)))
      .returning({ id: sessions.id }),
  );
  return gone.length;
}

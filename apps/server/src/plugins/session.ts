import { type Actor, AppError, ErrorCode, type Role, type TierLevel } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { profiles, userRoles } from '../db/schema';

export type Member = { id: string; email: string; sessionId: string; actor: Actor };

/** Activity is written at most this often per member, so reads do not turn into writes. */
const LAST_ACTIVE_RESOLUTION_MS = 5 * 60 * 1000;

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** Resolves the session cookie to a member with the facts every permission rule needs. */
export async function resolveMember(ctx: AppContext, headers: Headers): Promise<Member | null> {
  const session = await ctx.auth.api.getSession({ headers });
  if (!session) return null;
  const userId = session.user.id;
  const [profile, roles] = await Promise.all([
    ctx.db
      .select({
        tierLevel: profiles.tierLevel,
        tierSubscriptionActive: profiles.tierSubscriptionActive,
        isSponsored: profiles.isSponsored,
        verified: profiles.verified,
        lastActive: profiles.lastActive,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .then((rows) => rows[0]),
    ctx.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
  ]);
  if (!profile) return null;
  if (Date.now() - profile.lastActive.getTime() > LAST_ACTIVE_RESOLUTION_MS) {
    await ctx.db.update(profiles).set({ lastActive: sql`now()` }).where(eq(profiles.userId, userId));
  }
  return {
    id: userId,
    email: session.user.email,
    sessionId: session.session.id,
    actor: {
      tier_level: profile.tierLevel as TierLevel,
      tier_subscription_active: profile.tierSubscriptionActive,
      is_sponsored: profile.isSponsored,
      verified: profile.verified,
      roles: roles.map((r) => r.role as Role),
    },
  };
}

export function registerSession(app: FastifyInstance) {
  app.decorateRequest('member', null);
}

/** Pre-handler for every member route: 401 without a valid session. */
export async function requireMember(this: FastifyInstance, request: FastifyRequest) {
  const member = await resolveMember(this.ctx, toWebHeaders(request));
  if (!member) throw new AppError(ErrorCode.UNAUTHENTICATED);
  request.member = member;
}

export function memberOf(request: FastifyRequest): Member {
  if (!request.member) throw new AppError(ErrorCode.UNAUTHENTICATED);
  return request.member;
}

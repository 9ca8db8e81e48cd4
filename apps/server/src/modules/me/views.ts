import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../adapters/bus';

/**
 * How stale a member's own view may get when nothing announced the change: the counters other
 * members move (likes and views received), the jobs' scores and the minute of their last activity.
 * Everything the member changes, and everything the actor cache is told of, drops the view at once.
 */
export const MEMBER_VIEW_TTL_MS = 2_000;
/** A bound on the members kept (an instance serves far fewer in any two seconds). */
const MAX_VIEWS = 50_000;

export type MemberViewCache<T> = ReturnType<typeof createMemberViewCache<T>>;

/**
 * The members' own views (GET /api/me, the session embedded in pages), kept for a moment per member
 * (decision 025). A view is dropped, on every instance through the bus:
 * - after any request the member makes that is not a read (forgetOwnViewAfterWrites), before its
 *   reply leaves, so what the member just changed is what they read next;
 * - with the member's cached actor (`actor.invalidate`: plan, roles, verification, compliance,
 *   visibility, profile), and when an admin decides one of their photos (`member.view.invalidate`);
 * - otherwise after MEMBER_VIEW_TTL_MS.
 * A read that was under way when its member's view was dropped is answered but not kept: it may have
 * read the rows from before the change.
 */
export function createMemberViewCache<T>(options: {
  bus: EventBus;
  ttlMs?: number;
  now?: () => number;
  onPublishError: (error: unknown) => void;
}) {
  const { bus } = options;
  const ttl = options.ttlMs ?? MEMBER_VIEW_TTL_MS;
  const now = options.now ?? Date.now;
  const views = new Map<string, { view: T; until: number }>();
  /** Counts the drops; each member's last drop; reads started before `floor` are never kept. */
  let epoch = 0;
  let floor = 0;
  const droppedAt = new Map<string, number>();

  function forget(userIds: readonly string[]) {
    epoch += 1;
    if (droppedAt.size >= MAX_VIEWS) {
      // Forgetting who was dropped when: no read under way now may keep its result.
      droppedAt.clear();
      floor = epoch;
    }
    for (const userId of userIds) {
      views.delete(userId);
      droppedAt.set(userId, epoch);
    }
  }
  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'actor.invalidate' || message.kind === 'member.view.invalidate')
      forget(message.userIds);
  });

  return {
    /** The member's view: kept, or read with `load` (and kept unless dropped meanwhile). */
    async read(userId: string, load: () => Promise<T>): Promise<T> {
      const kept = views.get(userId);
      if (kept && kept.until > now()) return kept.view;
      const startedAt = epoch;
      const view = await load();
      if (startedAt >= floor && (droppedAt.get(userId) ?? 0) <= startedAt) {
        if (views.size >= MAX_VIEWS) views.clear();
        views.set(userId, { view, until: now() + ttl });
      }
      return view;
    },
    /** Drops these members' views on this instance only (the bus tells the others). */
    forget,
    /** Drops these members' views on every instance. */
    invalidate(userIds: readonly string[]) {
      forget(userIds);
      bus.publish({ kind: 'member.view.invalidate', userIds }).catch(options.onPublishError);
    },
    close() {
      unsubscribe();
      views.clear();
      droppedAt.clear();
    },
  };
}

/**
 * Any request a signed-in member makes that is not a read drops their own view before the reply
 * leaves (after the handler's transaction committed): one rule instead of a line in every service
 * that writes something the view shows, which a new feature could forget.
 */
export function forgetOwnViewAfterWrites(
  api: FastifyInstance,
  views: Pick<MemberViewCache<unknown>, 'invalidate'>,
) {
  api.addHook('onSend', async (request, _reply, payload) => {
    if (request.actor && request.method !== 'GET' && request.method !== 'HEAD')
      views.invalidate([request.actor.id]);
    return payload;
  });
}

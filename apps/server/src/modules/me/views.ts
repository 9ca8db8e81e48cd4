import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../adapters/bus';
import { createDropLedger } from '../../lib/drop-ledger';

/**
 * How stale a member's own view may get when nothing announced the change: the counters other
 * members move (likes and views received), the jobs' scores and the minute of their last activity.
 * Everything the member changes, and everything the actor cache is told of, drops the view at once.
 */
export const MEMBER_VIEW_TTL_MS = 2_000;
/** A bound on the members kept (an instance serves far fewer in any two seconds). */
const MAX_VIEWS = 10_000;
/** How often views past their time are swept out, so e-mails and coordinates are not kept idle. */
const SWEEP_EVERY_MS = 10_000;

export type MemberViewCache<T> = ReturnType<typeof createMemberViewCache<T>>;

/**
 * The members' own views (GET /api/me, the session embedded in pages), kept for a moment per member
 * (decision 025). A view is dropped, on every instance through the bus:
 * - after any request the member makes that is not a read (forgetOwnViewAfterWrites), before its
 *   reply leaves, so what the member just changed is what they read next;
 * - with the member's cached actor (`actor.invalidate`: plan, roles, verification, compliance,
 *   visibility, profile), and when an admin decides one of their photos (`member.view.invalidate`);
 * - otherwise after MEMBER_VIEW_TTL_MS (and views past their time are swept out every 10 s).
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
  const drops = createDropLedger(MAX_VIEWS);

  function forget(userIds: readonly string[]) {
    drops.drop(userIds);
    for (const userId of userIds) views.delete(userId);
  }
  const unsubscribe = bus.subscribe((message) => {
    if (message.kind === 'actor.invalidate' || message.kind === 'member.view.invalidate')
      forget(message.userIds);
  });
  function sweep() {
    const t = now();
    for (const [userId, kept] of views) if (kept.until <= t) views.delete(userId);
  }
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();

  function keep(userId: string, view: T) {
    if (views.size >= MAX_VIEWS) {
      sweep();
      // Still full: the oldest tenth goes (maps iterate in insertion order).
      let drop = views.size >= MAX_VIEWS ? Math.ceil(MAX_VIEWS / 10) : 0;
      for (const key of views.keys()) {
        if (drop-- <= 0) break;
        views.delete(key);
      }
    }
    views.delete(userId);
    views.set(userId, { view, until: now() + ttl });
  }

  return {
    /** The member's view: kept, or read with `load` (and kept unless dropped meanwhile). */
    async read(userId: string, load: () => Promise<T>): Promise<T> {
      const kept = views.get(userId);
      if (kept && kept.until > now()) return kept.view;
      const mark = drops.mark();
      const view = await load();
      if (drops.mayKeep(userId, mark)) keep(userId, view);
      return view;
    },
    /** Drops these members' views on this instance only (the bus tells the others). */
    forget,
    /**
     * Drops these members' views on every instance. Resolves once the message is on the bus, so a
     * write's reply (which waits for it) leaves after the other instances were told.
     */
    async invalidate(userIds: readonly string[]) {
      forget(userIds);
      await bus.publish({ kind: 'member.view.invalidate', userIds }).catch(options.onPublishError);
    },
    /** Views kept now (tests of the sweep). */
    get size() {
      return views.size;
    },
    sweep,
    close() {
      clearInterval(sweeper);
      unsubscribe();
      views.clear();
      drops.clear();
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
    // Awaited: with several instances, the member's next request (a refetch of their view, which
    // the web app then keeps for a minute) must not reach one that has not been told yet.
    if (request.actor && request.method !== 'GET' && request.method !== 'HEAD')
      await views.invalidate([request.actor.id]);
    return payload;
  });
}

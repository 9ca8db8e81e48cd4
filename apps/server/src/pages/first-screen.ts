import {
  type FeedPage,
  feedPageSchema,
  type MemberSettings,
  memberSettingsSchema,
  nextRequiredStep,
  notificationListSchema,
  sessionReplySchema,
} from '@royal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { loadFeed } from '../modules/discovery';
import { sessionReply } from '../modules/me';
import { listNotifications } from '../modules/notifications';
import { getSettings } from '../modules/settings';
import { resolveRequestActor, routeRefusal } from '../plugins/access';
import { replySerializer } from '../plugins/reply-serializer';
import type { MemberActor } from '../ports/auth';

/** One API request a page's first screen makes, and how its route answers it for a member. */
type FirstRequest = {
  /** The URL exactly as the web app requests it (the key the app seeds its query from). */
  url: string;
  /** The route's pattern in app.apiRoutes (its declared access decides). */
  route: string;
  /** The route's 200 reply schema. */
  schema: unknown;
  /** The route's own service call, for this member. */
  load: (ctx: AppContext, actor: MemberActor) => Promise<unknown>;
};

const SESSION: FirstRequest = {
  url: '/api/session',
  route: '/api/session',
  schema: sessionReplySchema,
  load: (ctx, actor) => sessionReply(ctx, actor),
};
const FEED: FirstRequest = {
  url: '/api/discovery/feed',
  route: '/api/discovery/feed',
  schema: feedPageSchema,
  load: (ctx, actor) => loadFeed(ctx, { actor, cursor: undefined }),
};
const NOTIFICATIONS: FirstRequest = {
  url: '/api/notifications',
  route: '/api/notifications',
  schema: notificationListSchema,
  load: (ctx, actor) => listNotifications(ctx, actor.id),
};
const SETTINGS: FirstRequest = {
  url: '/api/me/settings',
  route: '/api/me/settings',
  schema: memberSettingsSchema,
  load: (ctx, actor) => getSettings(ctx, actor.id),
};

/**
 * Pages the server renders for a member, with every API request their first screen makes: the
 * session check, the member frame's bell and quick settings, and the screen's own data. Keep each
 * list in step with what the web app's route loaders and first render ask for (src/app/routes.tsx,
 * route-data.ts): a request missing here makes the web renderer refuse the page (it is then sent
 * to start in the browser), never a wrong page.
 */
const FIRST_SCREENS: Readonly<Record<string, readonly FirstRequest[]>> = {
  '/app': [SESSION, NOTIFICATIONS, SETTINGS, FEED],
};

/** The replies a member's first screen reads, each as its route would have written it. */
export type FirstScreen = {
  /** URL → the reply body as JSON text (the route's serializer: checked against its schema outside production). */
  replies: ReadonlyMap<string, string>;
  /** /app's first feed page (its lead photo is hinted). */
  feed: FeedPage | undefined;
  darkMode: boolean;
};

export function rendersFirstScreen(pagePath: string): boolean {
  return pagePath in FIRST_SCREENS;
}

/**
 * The API replies of `pagePath`'s first screen for the member behind the request, or null when the
 * server does not render that page for them: signed out, or any of the screen's routes would refuse
 * them (its declared access, the compliance gate) or they have a required step left (onboarding).
 * Every reply is what that member's own request would get: the route's service with their actor,
 * written by the route's serializer — never anyone else's data, never more than the route sends.
 */
export async function firstScreenReplies(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pagePath: string,
): Promise<FirstScreen | null> {
  const requests = FIRST_SCREENS[pagePath];
  if (!requests) return null;
  await resolveRequestActor(app, request, reply, false);
  const actor = request.actor;
  // A page of the app proper: a member with a required step left is shown the step instead (the web
  // app's RequireCompletedSteps), whatever its routes declare.
  if (!actor || nextRequiredStep(actor)) return null;
  for (const first of requests) {
    const route = app.apiRoutes.find((r) => r.method === 'GET' && r.url === first.route);
    if (!route || routeRefusal(actor, route)) return null;
  }
  const serialize = replySerializer(app.ctx.config.env === 'production' ? 'trusted' : 'strict');
  const bodies = await Promise.all(requests.map((first) => first.load(app.ctx, actor)));
  const replies = new Map<string, string>();
  requests.forEach((first, i) => {
    const write = serialize({ schema: first.schema, method: 'GET', url: first.route, httpStatus: '200' });
    replies.set(first.url, write(bodies[i]));
  });
  const settings = bodies[requests.indexOf(SETTINGS)] as MemberSettings | undefined;
  const feedIndex = requests.indexOf(FEED);
  return {
    replies,
    feed: feedIndex === -1 ? undefined : (bodies[feedIndex] as FeedPage),
    darkMode: settings?.dark_mode ?? true,
  };
}

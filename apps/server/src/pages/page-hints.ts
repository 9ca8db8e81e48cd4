import { leadPhotoOf } from '@royal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadFeed } from '../modules/discovery';
import { resolveRequestActor, routeRefusal } from '../plugins/access';

/** The web app's start-up check, which every page that starts at once asks first (public). */
const SESSION_PATH = '/api/session';
/** The discovery deck's first page, which /app asks for as soon as it starts. */
const FEED_PATH = '/api/discovery/feed';
const DISCOVERY_PAGE = '/app';

/** A `Link` value that fetches `url` now the way the app's API client will (credentials included). */
const preloadFetch = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
/** A `Link` value that fetches the photo the page paints largest, ahead of everything but the page. */
export const preloadImage = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;

/**
 * `Link: rel=preload` hints for a page of the app that starts at once (index.html), so the browser
 * fetches the first API replies (and /app's lead photo) while it fetches the scripts, instead of after
 * they have run. The hints carry URLs only: the replies come from the API routes themselves, with the
 * member's own cookie. (A member's /app is normally rendered on the server with those replies in it,
 * docs/decisions/017; these hints are for the pages that are not, and for when that render falls back.) A hint is given only where the route would answer:
 * the feed's hint passes the feed route's declaration (its access, the gate, onboarding), and its lead
 * photo comes from the route's own service, as that member would receive it.
 */
export async function pageHints(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pagePath: string,
): Promise<string[]> {
  const hints = [preloadFetch(SESSION_PATH)];
  if (pagePath !== DISCOVERY_PAGE) return hints;
  const feedRoute = app.apiRoutes.find((route) => route.method === 'GET' && route.url === FEED_PATH);
  if (!feedRoute) return hints;
  await resolveRequestActor(app, request, reply, false);
  const actor = request.actor;
  if (!actor || routeRefusal(actor, feedRoute)) return hints;
  hints.push(preloadFetch(FEED_PATH));
  const photo = leadPhotoOf(await loadFeed(app.ctx, { actor, cursor: undefined }));
  if (photo) hints.push(preloadImage(photo));
  return hints;
}

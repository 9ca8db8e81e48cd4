import {
  type FeedPage,
  feedPageSchema,
  memberSettingsSchema,
  notificationListSchema,
  PAGE_DATA_ELEMENT_ID,
  type PageReplies,
  sessionReplySchema,
} from '@royal/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';

/**
 * How each API reply a page can carry (docs/decisions/017) becomes the query that reads that path:
 * parsed by the schema the fetcher parses it with, stored in the shape the query holds. A path the
 * app does not know is left alone (the query asks for it as usual).
 */
const SEEDS: Record<string, (queryClient: QueryClient, body: unknown) => void> = {
  [apiPaths.session]: (queryClient, body) =>
    queryClient.setQueryData(queryKeys.me, sessionReplySchema.parse(body).user),
  [apiPaths.discoveryFeed(null)]: (queryClient, body) =>
    queryClient.setQueryData<InfiniteData<FeedPage, string | null>>(queryKeys.discoveryFeed, {
      pages: [feedPageSchema.parse(body)],
      pageParams: [null],
    }),
  [apiPaths.notifications]: (queryClient, body) =>
    queryClient.setQueryData(queryKeys.notifications, notificationListSchema.parse(body)),
  [apiPaths.memberSettings]: (queryClient, body) =>
    queryClient.setQueryData(queryKeys.memberSettings, memberSettingsSchema.parse(body)),
};

/** The replies the page carries (`#page-data`), or undefined for a page without them. */
export function readPageReplies(document: Document): PageReplies | undefined {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const replies: unknown = JSON.parse(text);
  return replies && typeof replies === 'object' ? (replies as PageReplies) : undefined;
}

/**
 * Puts the page's replies into their queries. Throws when one does not match its schema: the page
 * was then drawn from data the app cannot read, and must not be hydrated.
 */
export function seedPageReplies(queryClient: QueryClient, replies: PageReplies): void {
  for (const [path, body] of Object.entries(replies)) SEEDS[path]?.(queryClient, body);
}

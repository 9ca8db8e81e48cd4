/**
 * The first API replies of a page the server rendered for a member (docs/decisions/017): the HTML
 * carries them in `<script type="application/json" id="page-data">`, as an object from each API
 * path to the JSON body that path would answer this member right now. The app puts each into the
 * query that reads that path, so its first render is the server's (hydration) and it asks for none
 * of them again.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** API path (as the app requests it, query included) → that reply's JSON body. */
export type PageReplies = Readonly<Record<string, unknown>>;

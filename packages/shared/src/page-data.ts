/**
 * The first API replies of a page the server rendered for a member (docs/decisions/017): the HTML
 * carries them in `<script type="application/json" id="page-data">`, as an object from each API
 * path to the JSON body that path would answer this member right now. The app puts each into the
 * query that reads that path, so its first render is the server's (hydration) and it asks for none
 * of them again.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Set by the web app while any member has an app PIN on this device, or this tab's screen is
 * quick-hidden (issue 40): the server then sends /app as the plain shell, not rendered with the
 * member's first screen, so nothing of theirs paints before the PIN is asked. Its value is `1`.
 */
export const APP_LOCK_COOKIE = 'rc_app_lock';

/**
 * The Tailwind class lists a page rendered ahead of the app (a member's page on the server, a
 * signed-out page at build time) was drawn with, already merged: `<script type="application/json"
 * id="merged-classes">`, joined list → merged list (1: unchanged). The app's first render reads them
 * instead of setting up tailwind-merge (apps/web/src/lib/cn.ts).
 */
export const MERGED_CLASSES_ELEMENT_ID = 'merged-classes';

/** The merged class lists a page carries: joined list → merged list, or 1 when it is the same. */
export type MergedClasses = Record<string, string | 1>;

/** A page rendered ahead of the app: its markup (for #root) and the class lists it was drawn with. */
export type RenderedPage = { markup: string; mergedClasses: MergedClasses };

/**
 * JSON text made safe inside `<script type="application/json">`: `<`, `>` and `&` as \u escapes, so
 * no string in it (a member's bio, say) can close the element or open a comment; U+2028/U+2029 too.
 * JSON.parse reads the escapes back as the same characters.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `<script type="application/json" id="…">` holding `json` (made script-safe) for a page to carry. */
export function pageJsonScript(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${scriptSafeJson(json)}</script>`;
}

/** API path (as the app requests it, query included) → that reply's JSON body. */
export type PageReplies = Readonly<Record<string, unknown>>;

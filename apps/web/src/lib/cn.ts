import { MERGED_CLASSES_ELEMENT_ID, type MergedClasses } from '@royal/shared';
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * The class lists a page rendered ahead of the app was drawn with, each joined list → its merged
 * list (see `knowMergedClasses`). Others are merged as they come (tailwind-merge keeps its own cache).
 */
const merged = new Map<string, string>();
/** While `recordMergedClasses` runs a render: the lists it merged. */
let recording: Map<string, string> | undefined;

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  const result = merged.get(joined) ?? twMerge(joined);
  recording?.set(joined, result);
  return result;
}

/**
 * Runs a synchronous render (renderToString) and returns what it rendered with the class lists it
 * merged, for the page to carry to the browser. Renders on a server never overlap in one such call:
 * it is synchronous.
 */
export function recordMergedClasses<T>(render: () => T): { result: T; classes: MergedClasses } {
  const lists = new Map<string, string>();
  recording = lists;
  try {
    const result = render();
    const classes: MergedClasses = {};
    for (const [joined, list] of lists) classes[joined] = list === joined ? 1 : list;
    return { result, classes };
  } finally {
    recording = undefined;
  }
}

/**
 * Takes the class lists a page rendered ahead of the app carries (`#merged-classes`), so the app's
 * first render (hydrating that page) merges none itself. tailwind-merge builds its tables of every
 * utility on its first merge (on a throttled phone one task of about 45 ms); with the page's lists
 * known, that happens only when the app first draws a list the page did not have, usually well after
 * start-up. Returns whether the page carried any (false: none, or unreadable).
 */
export function knowMergedClasses(doc: Document): boolean {
  const text = doc.getElementById(MERGED_CLASSES_ELEMENT_ID)?.textContent;
  if (!text) return false;
  let classes: unknown;
  try {
    classes = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof classes !== 'object' || classes === null || Array.isArray(classes)) return false;
  let known = false;
  for (const [joined, list] of Object.entries(classes)) {
    if (list === 1) merged.set(joined, joined);
    else if (typeof list === 'string') merged.set(joined, list);
    else continue;
    known = true;
  }
  return known;
}

/**
 * A signed-out page prerendered at build time is plain, working HTML: its fields take typing, its
 * links navigate. The app is needed only once the visitor acts on it, so it starts then (on the
 * first touch, press, key, focus or mouse movement) instead of spending a phone's main thread on
 * start-up while the visitor is still reading (docs/decisions/019).
 *
 * Until the app owns the page, what only the app can do is held and replayed once it does: a form
 * submitted (Enter, or its submit button) is submitted again, and a press on a control that needs the
 * app (a button that does not submit, a tab) is pressed again. The page's forms read their fields
 * from the form itself (not from state set while typing), so what was typed before counts.
 */

/** The id of a prerendered page's list of the app's module URLs (written by the build, vite.config.ts). */
export const APP_MODULES_ID = 'app-modules';

/**
 * Once the page has loaded (its stylesheet, fonts and images never share the connection with them),
 * fetches the app's modules into the cache, without running them, so the app starts quickly when the
 * visitor acts.
 */
export function prefetchAppModules(doc: Document = document): void {
  const prefetch = () => {
    let hrefs: unknown;
    try {
      hrefs = JSON.parse(doc.getElementById(APP_MODULES_ID)?.textContent ?? '[]');
    } catch {
      return;
    }
    if (!Array.isArray(hrefs)) return;
    for (const href of hrefs) {
      if (typeof href !== 'string') continue;
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      // Modules are fetched in CORS mode: the prefetch must be too, or the cached copy is not reused.
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
  };
  if (doc.readyState === 'complete') prefetch();
  else doc.defaultView?.addEventListener('load', prefetch, { once: true });
}

/** Events that show the visitor is about to use the page. */
const FIRST_ACTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mousemove'] as const;

/** Controls whose press needs the app (a submit button's press arrives as the form's submit). */
const APP_CONTROL = 'button:not([type="submit"]), [role="tab"], [role="button"]';

/** Marks a control whose press is held (styled by styles.css). */
const HELD = 'data-held-press';

/** What a press is made of, in order, so every kind of handler (down, up or click) sees it again. */
const PRESS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * Starts the app at the visitor's first act on `root` (the page's document, in practice) and holds
 * submits and presses until `start` resolves, which it must do once the app owns the page.
 */
export function startOnFirstAct(root: HTMLElement, start: () => Promise<unknown>): void {
  const doc = root.ownerDocument;
  const view = doc.defaultView ?? window;
  let started = false;
  let heldSubmit: HeldSubmit | null = null;
  let heldPress: Element | null = null;

  const begin = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_ACTS) view.removeEventListener(type, begin, true);
    void start().then(handOver, handOver);
  };

  // Capturing on the document, before anything inside the page: the event goes no further (the
  // app, should it be part-way through taking the page, must not see it as well as the replay).
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof view.HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    heldSubmit = { form, submitter: event.submitter };
    begin();
  };
  const holdPress = (event: MouseEvent) => {
    if (!(event.target instanceof view.Element)) return;
    const control = event.target.closest(APP_CONTROL);
    if (!control || !root.contains(control)) return;
    event.stopPropagation();
    heldPress?.removeAttribute(HELD);
    heldPress = control;
    // Shown as pressed and on its way (styles.css) until the app presses it again.
    control.setAttribute(HELD, '');
    begin();
  };

  function handOver() {
    doc.removeEventListener('submit', holdSubmit, true);
    doc.removeEventListener('click', holdPress, true);
    // The app's own tree kept these very elements (it hydrated them), so they are still there.
    heldPress?.removeAttribute(HELD);
    if (heldPress?.isConnected) press(heldPress);
    if (heldSubmit?.form.isConnected) {
      const { form, submitter } = heldSubmit;
      form.requestSubmit(submitter?.isConnected && form.contains(submitter) ? submitter : undefined);
    }
    heldSubmit = null;
    heldPress = null;
  }

  for (const type of FIRST_ACTS) view.addEventListener(type, begin, { capture: true, passive: true });
  doc.addEventListener('submit', holdSubmit, true);
  doc.addEventListener('click', holdPress, true);
}

/** Presses `control` as a pointer would: down, up, click. */
function press(control: Element) {
  const view = control.ownerDocument.defaultView ?? window;
  for (const type of PRESS) {
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view };
    const event =
      type.startsWith('pointer') && 'PointerEvent' in view
        ? new view.PointerEvent(type, { ...init, pointerType: 'mouse', isPrimary: true })
        : new view.MouseEvent(type, init);
    control.dispatchEvent(event);
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchAppModules, startOnFirstAct } from './start-on-first-act';

/** A prerendered page: a form with a field and a submit button, a tab, and a link. */
function page() {
  const root = document.createElement('div');
  root.innerHTML = `
    <button type="button" role="tab" id="tab">Join</button>
    <form id="form"><input name="email" id="email" /><button type="submit" id="send">Send</button></form>
    <a href="#elsewhere" id="link">Elsewhere</a>`;
  document.body.append(root);
  const $ = <T extends HTMLElement>(id: string) => root.querySelector(`#${id}`) as T;
  return { root, form: $<HTMLFormElement>('form'), tab: $('tab'), email: $<HTMLInputElement>('email') };
}

/** A start that the test settles, standing in for the app taking the page. */
function deferredStart() {
  let owned!: () => void;
  const start = vi.fn(() => new Promise<void>((resolve) => (owned = resolve)));
  const own = async () => {
    owned();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { start, own };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startOnFirstAct', () => {
  it('does not start the app until the visitor acts, then starts it once', () => {
    const { root, email } = page();
    const { start } = deferredStart();
    startOnFirstAct(root, start);
    expect(start).not.toHaveBeenCalled();
    email.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a submit until the app owns the page, then submits the form again', async () => {
    const { root, form } = page();
    const { start, own } = deferredStart();
    startOnFirstAct(root, start);
    const early = new Event('submit', { bubbles: true, cancelable: true });
    const reachedPage = vi.fn();
    form.addEventListener('submit', reachedPage);
    form.dispatchEvent(early);
    // Held: not sent by the browser, not seen by the page, and the app is on its way.
    expect(early.defaultPrevented).toBe(true);
    expect(reachedPage).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalledTimes(1);

    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    await own();
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it('presses a control that needs the app again once the app owns the page', async () => {
    const { root, tab } = page();
    const { start, own } = deferredStart();
    startOnFirstAct(root, start);
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'click'])
      tab.addEventListener(type, () => seen.push(type));
    tab.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(seen).toEqual([]);
    expect(tab.hasAttribute('data-held-press')).toBe(true);
    await own();
    expect(seen).toEqual(['pointerdown', 'mousedown', 'click']);
    expect(tab.hasAttribute('data-held-press')).toBe(false);
  });

  it('lets events through untouched once the app owns the page', async () => {
    const { root, form, tab } = page();
    const { start, own } = deferredStart();
    startOnFirstAct(root, start);
    window.dispatchEvent(new Event('pointerdown'));
    await own();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    const clicks = vi.fn();
    tab.addEventListener('click', clicks);
    form.dispatchEvent(submit);
    tab.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(submit.defaultPrevented).toBe(false);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('leaves links and typing to the browser', () => {
    const { root } = page();
    const { start } = deferredStart();
    startOnFirstAct(root, start);
    const link = root.querySelector('#link') as HTMLAnchorElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});

describe('prefetchAppModules', () => {
  it("prefetches the page's listed modules, in CORS mode, once the page has loaded", () => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = 'app-modules';
    list.textContent = JSON.stringify(['/assets/boot-1.js', '/assets/react-2.js']);
    document.body.append(list);
    prefetchAppModules(document);
    // happy-dom's document has loaded already, as a page's has after its load event.
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual([
      '/assets/boot-1.js',
      '/assets/react-2.js',
    ]);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
    for (const link of links) link.remove();
  });

  it('does nothing without a list, or with one it cannot read', () => {
    prefetchAppModules(document);
    const list = document.createElement('script');
    list.id = 'app-modules';
    list.textContent = '{not json';
    document.body.append(list);
    prefetchAppModules(document);
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
  });
});

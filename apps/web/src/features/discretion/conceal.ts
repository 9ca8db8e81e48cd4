// Takes the whole page but one element out of sight, out of reach and out of the accessibility tree:
// the app (#root) and whatever sits beside it (dialogs, popovers and toasts are portals on <body>),
// including what opens while it is concealed (a toast for a message that arrives meanwhile). Hidden
// rather than unmounted, so the member comes back to the screen as they left it.

const LEFT_AS_THEY_ARE = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

type Change = { element: HTMLElement; display: string; priority: string; madeInert: boolean };

/** Conceals every child of <body> but `keep`; the function returned undoes exactly what this did. */
export function concealAllBut(keep: HTMLElement): () => void {
  const changes: Change[] = [];
  const scrolled = { x: window.scrollX, y: window.scrollY };

  const conceal = (node: Node) => {
    if (!(node instanceof HTMLElement) || node === keep || LEFT_AS_THEY_ARE.has(node.tagName)) return;
    changes.push({
      element: node,
      display: node.style.getPropertyValue('display'),
      priority: node.style.getPropertyPriority('display'),
      madeInert: !node.inert,
    });
    node.inert = true;
    // Inline and important: an element's own classes (a portal's `flex`) never bring it back.
    node.style.setProperty('display', 'none', 'important');
  };

  for (const child of Array.from(document.body.children)) conceal(child);
  const arrivals = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) conceal(node);
  });
  arrivals.observe(document.body, { childList: true });

  return () => {
    arrivals.disconnect();
    for (const { element, display, priority, madeInert } of changes) {
      if (display) element.style.setProperty('display', display, priority);
      else element.style.removeProperty('display');
      // Only what this made inert: the server-rendered #root is inert until the app owns it.
      if (madeInert) element.inert = false;
    }
    // The page was out of the layout: back to where the member was reading.
    window.scrollTo(scrolled.x, scrolled.y);
  };
}

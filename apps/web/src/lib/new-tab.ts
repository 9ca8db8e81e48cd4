/**
 * A tab opened during the member's click (browsers block tabs opened later, after an API reply) and
 * pointed at the payment page once its URL is known — the spec's "opened in a new tab". Without a
 * tab (blocked anyway) the page itself goes there.
 */
export function openPendingTab() {
  const tab = window.open('', '_blank');
  // The payment page gets no handle on this one.
  if (tab) tab.opener = null;
  return {
    go(url: string) {
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      tab?.close();
    },
  };
}

// The offline page's only script (offline.html loads it in <head>, before the body is drawn).
// The device's face: with the discreet "Circle" face chosen (apps/web/src/lib/app-identity.ts keeps
// the choice under this key), the page drops the crown, the royal colours and the crown favicon.
try {
  if (localStorage.getItem('rc.app-identity') === 'neutral') {
    document.documentElement.classList.add('neutral');
    document.querySelector('link[rel="icon"]')?.setAttribute('href', '/icons/neutral.svg');
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', '#5f6672');
  }
} catch {
  // Storage refused: the default face.
}
// Try again, and back online: load the page that was asked for, its address as it is (the form
// alone would drop its query).
addEventListener('online', () => location.reload());
addEventListener('submit', (event) => {
  event.preventDefault();
  location.reload();
});

const PHOTO_PATH = /^\/api\/photos\/[^/]+$/;

/**
 * The server's blurred variant of one of our photo URLs (`/api/photos/:id?size=blur`): a few hundred
 * bytes, shown while the full photo loads. null for any other URL (nothing to derive).
 */
export function blurredPhotoUrl(url: string): string | null {
  const parsed = new URL(url, 'https://placeholder.invalid');
  if (parsed.origin !== 'https://placeholder.invalid' || !PHOTO_PATH.test(parsed.pathname)) return null;
  parsed.searchParams.set('size', 'blur');
  return `${parsed.pathname}${parsed.search}`;
}

const preloaded = new Set<string>();

/**
 * Starts downloading a photo the page is about to show as its largest paint, at high priority, before
 * the component that shows it has rendered (`<link rel="preload">`; the `<img>` then reuses it).
 */
export function preloadPhoto(url: string): void {
  // A page rendered on the server has the photo in its HTML (and its preload in the headers).
  if (typeof document === 'undefined' || preloaded.has(url)) return;
  preloaded.add(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

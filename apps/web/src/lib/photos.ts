const PHOTO_PATH = /^\/api\/photos\/[^/]+$/;

/** Another variant of one of our photo URLs (`/api/photos/:id?size=…`); null for any other URL. */
function photoVariantUrl(url: string, size: 'blur' | 'small'): string | null {
  const parsed = new URL(url, 'https://placeholder.invalid');
  if (parsed.origin !== 'https://placeholder.invalid' || !PHOTO_PATH.test(parsed.pathname)) return null;
  parsed.searchParams.set('size', size);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The server's blurred variant of one of our photo URLs (`/api/photos/:id?size=blur`): a few hundred
 * bytes, shown while the full photo loads. null for any other URL (nothing to derive).
 */
export function blurredPhotoUrl(url: string): string | null {
  return photoVariantUrl(url, 'blur');
}

/** The small variant of one of our photo URLs, for a thumbnail; any other URL as it is. */
export function smallPhotoUrl(url: string): string {
  return photoVariantUrl(url, 'small') ?? url;
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

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

import { describe, expect, it } from 'vitest';
import { blurredPhotoUrl } from './photos';

describe('blurredPhotoUrl', () => {
  it('asks for the blur size of one of our photos', () => {
    expect(blurredPhotoUrl('/api/photos/abc?size=large')).toBe('/api/photos/abc?size=blur');
    expect(blurredPhotoUrl('/api/photos/abc')).toBe('/api/photos/abc?size=blur');
  });

  it('derives nothing from other URLs', () => {
    expect(blurredPhotoUrl('https://elsewhere.example/api/photos/abc')).toBeNull();
    expect(blurredPhotoUrl('/images/a.webp')).toBeNull();
  });
});

import type { FeedCard, FeedPage } from '@royal/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { makeLockedCard, makeMemberCard } from '@test/fixtures';
import { describe, expect, it } from 'vitest';
import { leadPhotoUrl } from './feed';

const feed = (items: FeedCard[]): InfiniteData<FeedPage> => ({
  pages: [{ items, next_cursor: null }],
  pageParams: [null],
});

describe('leadPhotoUrl', () => {
  it("is the top card's first photo, or a locked teaser's blurred one", () => {
    const top = makeMemberCard({ photos: [{ id: 'a', url: '/api/photos/a?size=large' }] });
    expect(leadPhotoUrl(feed([top, makeMemberCard()]))).toBe('/api/photos/a?size=large');
    expect(leadPhotoUrl(feed([makeLockedCard({ blurred_photo: '/api/photos/b?size=blur' })]))).toBe(
      '/api/photos/b?size=blur',
    );
  });

  it('is null without a card or a photo', () => {
    expect(leadPhotoUrl(undefined)).toBeNull();
    expect(leadPhotoUrl(feed([]))).toBeNull();
    expect(leadPhotoUrl(feed([makeMemberCard({ photos: [] })]))).toBeNull();
  });
});

import type { FeedCard, FeedPage } from '@royal/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeLockedCard, makeMemberCard } from '@test/fixtures';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { feedQueryOptions, leadPhotoUrl } from './feed';

const feed = (items: FeedCard[]): InfiniteData<FeedPage> => ({
  pages: [{ items, next_cursor: null, widening: null }],
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

describe('the feed query', () => {
  it('fails at the first failure with the app’s own retry policy, so the screen offers Try Again at once', async () => {
    const api = mockApi({
      'GET /api/discovery/feed': apiError(503, 'SERVICE_UNAVAILABLE', 'Down for a moment'),
    });
    const client = createQueryClient();
    const started = performance.now();
    await expect(client.fetchInfiniteQuery(feedQueryOptions())).rejects.toMatchObject({
      message: 'Down for a moment',
    });
    expect(api.callsTo('GET /api/discovery/feed')).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

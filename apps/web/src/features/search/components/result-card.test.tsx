import { makeMe, makeMemberCard } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoBlurProvider } from '@/components/ui/photo-blur';
import { ResultCard } from './result-card';

describe('a browse result with photos blurred until tapped', () => {
  it('shows the photo at the first press of the card and opens the profile at the next', async () => {
    const member = makeMemberCard({ name: 'Ava' });
    const { user } = renderSignedIn(
      <PhotoBlurProvider enabled ownPhotos={[]}>
        <ul>
          <ResultCard member={member} />
        </ul>
      </PhotoBlurProvider>,
      { me: makeMe(), path: '/search' },
    );
    const card = screen.getByRole('link', { name: /Ava, 27/ });
    expect(card).toHaveAccessibleName(expect.stringContaining('Tap to show photo'));
    expect(screen.getByRole('img', { name: 'Ava' })).toHaveAttribute('data-blurred');

    await user.click(card);
    expect(screen.getByTestId('location')).toHaveTextContent('/search');
    expect(screen.getByRole('img', { name: 'Ava' })).not.toHaveAttribute('data-blurred');
    expect(screen.queryByText('Tap to show photo')).toBeNull();

    await user.click(screen.getByRole('link', { name: /Ava, 27/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/profile/${member.id}`);
  });
});

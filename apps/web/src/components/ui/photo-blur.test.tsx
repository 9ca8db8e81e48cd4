import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MemberAvatar } from './member-avatar';
import { PhotoBlurProvider, SCREENSHOT_NOTICE } from './photo-blur';
import { DOUBLE_TAP_MS, PhotoCarousel } from './photo-carousel';

const PHOTOS = [
  { id: 'ava-1', url: '/api/photos/ava-1' },
  { id: 'ava-2', url: '/api/photos/ava-2' },
];

function renderBlurred(ui: ReactNode, { enabled = true, own = [] as string[] } = {}) {
  const user = userEvent.setup();
  render(
    <PhotoBlurProvider enabled={enabled} ownPhotos={own}>
      {ui}
    </PhotoBlurProvider>,
  );
  return { user };
}

const photo = (n: number) => screen.getByRole('img', { name: `Ava's photo ${n} of 2` });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('photos blurred until tapped', () => {
  it('shows the carousel’s photo blurred with Show photo and the screenshot rule; a tap only reveals', async () => {
    const { user } = renderBlurred(<PhotoCarousel photos={PHOTOS} name="Ava" indicator="dots" />);
    expect(photo(1)).toHaveAttribute('data-blurred');
    expect(screen.getByText(SCREENSHOT_NOTICE)).toBeVisible();

    // A tap on the right third would turn the photo: blurred, it only reveals it.
    const surface = document.querySelector('[data-zone="next"]') as HTMLElement;
    await user.click(surface);
    await wait(DOUBLE_TAP_MS + 50);
    expect(photo(1)).not.toHaveAttribute('data-blurred');
    expect(screen.queryByText(SCREENSHOT_NOTICE)).toBeNull();

    // The next tap acts as always; the next photo is blurred until tapped too.
    await user.click(surface);
    expect(await screen.findByRole('img', { name: "Ava's photo 2 of 2" })).toHaveAttribute('data-blurred');
    await user.click(screen.getByRole('button', { name: 'Show photo' }));
    expect(photo(2)).not.toHaveAttribute('data-blurred');
    // Revealed stays revealed while the setting is on.
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo(1)).not.toHaveAttribute('data-blurred');
  });

  it("never blurs the member's own photos, or anything with the setting off", () => {
    renderBlurred(
      <>
        <PhotoCarousel photos={PHOTOS} name="Ava" indicator="bars" />
        <MemberAvatar name="Me" src="/api/photos/ava-1?size=face" />
      </>,
      { own: ['/api/photos/ava-1'] },
    );
    expect(photo(1)).not.toHaveAttribute('data-blurred');
    expect(screen.getByRole('img', { name: 'Me' })).not.toHaveAttribute('data-blurred');
    expect(screen.queryByRole('button', { name: 'Show photo' })).toBeNull();
  });

  it('shows photos as they are outside the member area or with the setting off', () => {
    renderBlurred(<MemberAvatar name="Ava" src="/api/photos/ava-1?size=face" />, { enabled: false });
    render(<MemberAvatar name="Bea" src="/api/photos/bea-1?size=face" />);
    expect(screen.getByRole('img', { name: 'Ava' })).not.toHaveAttribute('data-blurred');
    expect(screen.getByRole('img', { name: 'Bea' })).not.toHaveAttribute('data-blurred');
  });

  it('reveals an avatar inside a row with the first tap, and lets the row act on the next', async () => {
    let opened = 0;
    const { user } = renderBlurred(
      <button type="button" onClick={() => opened++}>
        <MemberAvatar name="Ava" src="/api/photos/ava-1?size=face" decorative />
        Ava liked you
      </button>,
    );
    const avatar = document.querySelector('img') as HTMLImageElement;
    expect(avatar).toHaveAttribute('data-blurred');
    await user.click(avatar);
    expect(opened).toBe(0);
    expect(document.querySelector('img')).not.toHaveAttribute('data-blurred');
    await user.click(document.querySelector('img') as HTMLImageElement);
    expect(opened).toBe(1);
  });
});

import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BottomNav } from './bottom-nav';

const LABELS = ['Swipe', 'Search', 'Interests', 'Messages', 'More'];

describe('BottomNav', () => {
  it('lists the five destinations in order', () => {
    renderSignedIn(<BottomNav />, { me: makeMe() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LABELS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app',
      '/search',
      '/interests',
      '/messages',
      '/more',
    ]);
  });

  it.each([
    ['/app', 'Swipe'],
    ['/search', 'Search'],
    ['/interests', 'Interests'],
    ['/messages', 'Messages'],
    ['/more', 'More'],
  ])('highlights only the current route (%s)', (path, current) => {
    renderSignedIn(<BottomNav />, { me: makeMe(), path });
    for (const label of LABELS) {
      const link = screen.getByRole('link', { name: label });
      if (label === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('moves the highlight when another entry is chosen', async () => {
    const { user } = renderSignedIn(<BottomNav />, { me: makeMe(), path: '/app' });
    await user.click(screen.getByRole('link', { name: 'Messages' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Swipe' })).not.toHaveAttribute('aria-current');
  });
});

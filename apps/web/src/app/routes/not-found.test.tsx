import { mockApi, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { publicPageRoutes } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('404 page', () => {
  it('shows for an unknown path with a link back home', async () => {
    mockApi({ [SESSION]: SIGNED_OUT, ...publicPageRoutes() });
    const { user, router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));

    // Home for a signed-out visitor is the landing page.
    expect(await screen.findByRole('heading', { name: 'Enter the Royal Circle' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/landing');
  });
});

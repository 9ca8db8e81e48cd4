import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeveloperTools } from './developer-tools';

const admin = makeMe({ roles: ['user', 'admin'], email_confirmed: true });
const STATUS = 'GET /api/admin/dev/status';
const SAMPLES = 'POST /api/admin/dev/sample-profiles';

function renderTools(me: ReturnType<typeof makeMe>, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  return { ...renderSignedIn(<DeveloperTools />, { me, path: '/more' }), api };
}

const tools = () => screen.findByRole('region', { name: 'Developer Tools' });

describe('DeveloperTools (the More menu)', () => {
  it('creates sample profiles for an admin in demo mode, with the spec’s toast, and links to /migration', async () => {
    const { user, api } = renderTools(admin, {
      [STATUS]: { body: { demo_mode: true } },
      [SAMPLES]: { body: { created: 10, failed: 0 } },
    });
    const section = await tools();
    expect(within(section).getByRole('link', { name: 'Mock Data Migration' })).toHaveAttribute(
      'href',
      '/migration',
    );
    await user.click(within(section).getByRole('button', { name: 'Create Sample Profiles' }));
    expect(await screen.findByText('Success! Created 10 sample profiles...')).toBeInTheDocument();
    expect(api.callsTo(SAMPLES)[0]?.body).toEqual({ count: 10 });
  });

  it('says "Error creating profiles. Check console for details." when the server refuses', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderTools(admin, {
      [STATUS]: { body: { demo_mode: true } },
      [SAMPLES]: apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'),
    });
    await user.click(within(await tools()).getByRole('button', { name: 'Create Sample Profiles' }));
    expect(
      await screen.findByText('Error creating profiles. Check console for details.'),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('is hidden from an admin outside demo mode', async () => {
    const { api } = renderTools(admin, { [STATUS]: { body: { demo_mode: false } } });
    await waitFor(() => expect(api.callsTo(STATUS)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Developer Tools' })).toBeNull();
    expect(screen.queryByText('Create Sample Profiles')).toBeNull();
  });

  it('is hidden from members, who are never asked about demo mode', async () => {
    const { api } = renderTools(makeMe());
    expect(await screen.findByTestId('location')).toHaveTextContent('/more');
    expect(screen.queryByText('Developer Tools')).toBeNull();
    expect(api.callsTo(STATUS)).toHaveLength(0);
  });
});

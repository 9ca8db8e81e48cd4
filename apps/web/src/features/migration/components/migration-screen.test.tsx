import { apiError, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
  'GET /api/auth/two-factor': {
    body: { enabled: true, backup_codes_left: 10, required: true, session_confirmed: true },
  },
};
const admin = makeMe({ roles: ['user', 'admin'], email_confirmed: true });

function renderMigration(reply: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ [SESSION]: signedInAs(admin), ...frame, 'POST /api/admin/dev/migration': reply });
  return { ...renderApp('/migration'), api };
}

describe('/migration', () => {
  it('starts the migration and shows the spec’s result', async () => {
    const { user, api } = renderMigration({ body: { migrated: 51, failed: 0, skipped: 0 } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mock Data Migration' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Migration result' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Start Migration' }));
    const result = await screen.findByRole('region', { name: 'Migration result' });
    expect(result).toHaveTextContent('Successfully migrated 51 users!');
    expect(result).not.toHaveTextContent('Failed to migrate');
    expect(api.callsTo('POST /api/admin/dev/migration')[0]?.body).toEqual({});
  });

  it('says how many were skipped and how many failed', async () => {
    const { user } = renderMigration({ body: { migrated: 0, failed: 2, skipped: 49 } });
    await user.click(await screen.findByRole('button', { name: 'Start Migration' }));
    const result = await screen.findByRole('region', { name: 'Migration result' });
    expect(result).toHaveTextContent('Successfully migrated 0 users!');
    expect(result).toHaveTextContent('49 already present, skipped.');
    expect(result).toHaveTextContent('Failed to migrate 2 users');
  });

  it('shows the refusal as "Migration failed: {message}"', async () => {
    const { user } = renderMigration(
      apiError(403, 'DEMO_MODE_REQUIRED', 'Sample profiles can only be written in demo mode'),
    );
    await user.click(await screen.findByRole('button', { name: 'Start Migration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Migration failed: Sample profiles can only be written in demo mode',
    );
  });

  it('shows members the "Admins only" panel and asks nothing of the admin API', async () => {
    const api = mockApi({ [SESSION]: signedInAs(makeMe()), ...frame });
    renderApp('/migration');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Migration' })).toBeNull();
    expect(api.callsTo('GET /api/auth/two-factor')).toHaveLength(0);
  });
});

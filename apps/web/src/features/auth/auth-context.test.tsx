import { AUTH_INIT_TIMEOUT_MS } from '@royal/shared';
import { mockApi, never } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { createTestQueryClient } from '@test/render';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useAuth } from './auth-context';

function Status() {
  const { status, me } = useAuth();
  return <p>{status === 'signed-in' ? `Signed in as ${me?.name}` : status}</p>;
}

function renderAuth() {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <Status />
    </AppProviders>,
  );
}

describe('Auth start-up', () => {
  it('shows the loading screen, then goes on signed out after the forced timeout', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/me': never });
    renderAuth();

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('signed-out')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(AUTH_INIT_TIMEOUT_MS - 1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('signed-out')).toBeInTheDocument();
  });

  it('signs the member in as soon as the session answers', async () => {
    mockApi({ 'GET /api/me': { body: makeMe({ name: 'Isabella' }) } });
    renderAuth();
    expect(await screen.findByText('Signed in as Isabella')).toBeInTheDocument();
  });

  it('treats a failed session check as signed out', async () => {
    mockApi({ 'GET /api/me': { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } });
    renderAuth();
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
  });
});

import { AUTH_INIT_TIMEOUT_MS } from '@royal/shared';
import { mockApi, never, SESSION, signedInAs } from '@test/fetch-mock';
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
  it('keeps the loading screen for a slow session check, saying so after the time-out', async () => {
    vi.useFakeTimers();
    mockApi({ [SESSION]: never });
    renderAuth();

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('signed-out')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(AUTH_INIT_TIMEOUT_MS - 1));
    expect(screen.queryByText('Still connecting to Royal Circle...')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByText('Still connecting to Royal Circle...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('signed-out')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('signs the member in as soon as the session answers', async () => {
    mockApi({ [SESSION]: signedInAs(makeMe({ name: 'Isabella' })) });
    renderAuth();
    expect(await screen.findByText('Signed in as Isabella')).toBeInTheDocument();
  });

  it('treats a failed session check as signed out', async () => {
    mockApi({ [SESSION]: { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } } });
    renderAuth();
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
  });
});

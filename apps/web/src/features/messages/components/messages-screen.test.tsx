import { apiError, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
};

describe('Messages screen', () => {
  it("says the match list failed to load, with the server's message and Try Again", async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/matches': apiError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable.'),
      ...frame,
    });
    renderApp('/messages');

    expect(await screen.findByText('Failed to load matches')).toBeInTheDocument();
    expect(screen.getByText('The service is briefly unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});

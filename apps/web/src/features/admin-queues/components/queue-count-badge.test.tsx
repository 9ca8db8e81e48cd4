import { mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueueCountBadge } from './queue-count-badge';

describe('QueueCountBadge', () => {
  it('shows how many items wait in its queue, and nothing for an empty one', async () => {
    mockApi({
      'GET /api/admin/queues': {
        body: {
          queues: [
            { queue: 'reports', open: 3, claimed: 1 },
            { queue: 'support-requests', open: 0, claimed: 0 },
            { queue: 'waitlist', open: 120, claimed: 0 },
            { queue: 'photo-appeals', open: 0, claimed: 0 },
          ],
        },
      },
    });
    renderSignedIn(
      <>
        <p data-testid="reports">
          Reports <QueueCountBadge queue="reports" />
        </p>
        <p data-testid="support">
          Support <QueueCountBadge queue="support-requests" />
        </p>
        <p data-testid="waitlist">
          Waitlist <QueueCountBadge queue="waitlist" />
        </p>
      </>,
      { me: makeMe({ roles: ['user', 'admin'] }) },
    );
    await screen.findByText('3');
    expect(screen.getByTestId('reports')).toHaveTextContent('Reports 3 waiting');
    expect(screen.getByTestId('waitlist')).toHaveTextContent('Waitlist 99+ waiting');
    expect(screen.getByTestId('support')).toHaveTextContent(/^Support$/);
  });
});

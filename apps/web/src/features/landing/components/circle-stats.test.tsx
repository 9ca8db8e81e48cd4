import { QueryClientProvider } from '@tanstack/react-query';
import { apiError, mockApi, never, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { makeLandingStats } from '@test/fixtures';
import { createTestQueryClient, renderApp } from '@test/render';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CircleStats } from './circle-stats';

const STATS = 'GET /api/public/stats';

const stats = makeLandingStats;

function renderStats() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <CircleStats />
    </QueryClientProvider>,
  );
}

const figure = (label: string) => screen.getByText(label).closest('div') as HTMLElement;
const cityRow = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('CircleStats', () => {
  it('shows the figures and the members of each launch city from the API', async () => {
    const api = mockApi({ [STATS]: { body: stats() } });
    renderStats();
    expect(await screen.findByText('1,802')).toBeInTheDocument();
    expect(figure('Members')).toHaveTextContent('1,802');
    expect(figure('Verified members')).toHaveTextContent('1,140');
    expect(figure('Matches made')).toHaveTextContent('5,120');
    expect(figure('Events held')).toHaveTextContent('12');
    expect(within(cityRow('Los Angeles')).getByText('1,284')).toBeInTheDocument();
    expect(within(cityRow('Dubai')).getByText('97')).toBeInTheDocument();
    expect(within(cityRow('New York')).getByText('0')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The Circle Today' })).toHaveAttribute('aria-busy', 'false');
    expect(api.callsTo(STATS)).toHaveLength(1);
  });

  it('holds the place of every number while they load: labels and cities drawn, numbers as skeletons', () => {
    mockApi({ [STATS]: never });
    renderStats();
    const region = screen.getByRole('region', { name: 'The Circle Today' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    for (const label of ['Members', 'Verified members', 'Matches made', 'Events held'])
      expect(figure(label).querySelector('.skeleton')).not.toBeNull();
    expect(cityRow('Miami').querySelector('.skeleton')).not.toBeNull();
    expect(region).not.toHaveTextContent(/\d/);
  });

  it('leaves out a figure of zero', async () => {
    mockApi({ [STATS]: { body: stats({ events_held: 0 }) } });
    renderStats();
    await screen.findByText('1,802');
    expect(screen.queryByText('Events held')).not.toBeInTheDocument();
  });

  it('leaves the section out, never zeros, when the figures cannot be had', async () => {
    mockApi({ [STATS]: apiError(500, 'INTERNAL', 'Something went wrong') });
    const { container } = renderStats();
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('is on the landing page with Enter App and Join Waitlist, the testimonials and the feature cards', async () => {
    mockApi({ [SESSION]: SIGNED_OUT, [STATS]: { body: stats() } });
    renderApp('/landing');
    expect(await screen.findByRole('heading', { name: 'Enter the Royal Circle' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter App' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Join Waitlist' })).toHaveAttribute('href', '/waitlist');
    expect(screen.getByRole('region', { name: 'What members say' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Why Royal Circle' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(await screen.findByText('1,802')).toBeInTheDocument();
  });
});

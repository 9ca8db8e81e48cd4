import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fakeRealtimeClient } from '@test/fake-realtime';
import { createTestQueryClient } from '@test/render';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { RealtimeProvider } from './realtime-context';

/** The member as the header reads them: each fetch answers the server's tier. */
function TierProbe({ tier }: { tier: () => number }) {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: async () => tier() });
  return <p>{data === undefined ? 'loading' : `tier ${data}`}</p>;
}

describe('RealtimeProvider and account.updated', () => {
  it('reads the member again when an admin changes their account, so the new tier shows without a reload', async () => {
    const { client, sockets, say } = fakeRealtimeClient();
    let serverTier = 1;
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RealtimeProvider client={client}>
          <TierProbe tier={() => serverTier} />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await act(async () => sockets.at(-1)?.onopen?.());
    expect(await screen.findByText('tier 1')).toBeInTheDocument();
    await act(async () => {
      serverTier = 3;
      say({ type: 'account.updated', payload: { fields: ['tier_level'] }, id: 'e1' });
    });
    expect(await screen.findByText('tier 3')).toBeInTheDocument();
  });
});

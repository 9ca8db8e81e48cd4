import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createTestQueryClient } from '@test/render';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { RealtimeClient } from './realtime';
import { RealtimeProvider } from './realtime-context';

/** The socket the provider's client opens; the test says when it opens and what arrives on it. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {
    this.onclose?.();
  }
}

/** The member as the header reads them: each fetch answers the server's tier. */
function TierProbe({ tier }: { tier: () => number }) {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: async () => tier() });
  return <p>{data === undefined ? 'loading' : `tier ${data}`}</p>;
}

describe('RealtimeProvider and account.updated', () => {
  it('reads the member again when an admin changes their account, so the new tier shows without a reload', async () => {
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient({
      url: 'ws://test/api/realtime',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      random: () => 0,
    });
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
      sockets.at(-1)?.onmessage?.({
        data: JSON.stringify({ type: 'account.updated', payload: { fields: ['tier_level'] }, id: 'e1' }),
      });
    });
    expect(await screen.findByText('tier 3')).toBeInTheDocument();
  });
});

import { ENFORCEMENT_REASON_TEXT } from '@royal/shared';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fakeRealtimeClient } from '@test/fake-realtime';
import { createTestQueryClient } from '@test/render';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { RealtimeProvider } from './realtime-context';
import { takeRestriction } from './restriction-notice';

/** The member as the auth context reads them: null once signed out. */
function MeProbe() {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: async () => ({ name: 'Zora' }) });
  return <p>{data === undefined ? 'loading' : data === null ? 'signed out' : `signed in as ${data.name}`}</p>;
}

describe('RealtimeProvider and account.restricted', () => {
  it('signs the tab out at once and leaves the sign-in screen the reason', async () => {
    const { client, sockets, say } = fakeRealtimeClient();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RealtimeProvider client={client}>
          <MeProbe />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    await act(async () => sockets.at(-1)?.onopen?.());
    expect(await screen.findByText('signed in as Zora')).toBeInTheDocument();
    const payload = {
      kind: 'suspend' as const,
      reason_code: 'harassment' as const,
      reason_text: ENFORCEMENT_REASON_TEXT.harassment,
      until: '2026-03-08T12:00:00.000Z',
      can_appeal: true,
      appealed: false,
    };
    await act(async () => say({ type: 'account.restricted', payload, id: 'e1' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(takeRestriction()).toEqual(payload);
    expect(takeRestriction()).toBeNull();
  });
});

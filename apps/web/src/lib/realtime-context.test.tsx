import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fakeRealtimeClient } from '@test/fake-realtime';
import { createTestQueryClient } from '@test/render';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from './query-keys';
import type { FetchMissed } from './realtime';
import { RealtimeProvider } from './realtime-context';

/** The notifications badge as the top bar reads it: each fetch answers the server's count. */
function Badge({ unread }: { unread: () => number }) {
  const { data } = useQuery({ queryKey: queryKeys.notifications, queryFn: async () => unread() });
  return <p>{data === undefined ? 'loading' : `${data} unread`}</p>;
}

/**
 * A synchronous act, flushed before it returns, whose result is not handed back. Awaiting a
 * synchronous act's result makes React reopen its act queue for one more task while the act
 * environment is off (without Vitest globals Testing Library turns it on only inside act): a query
 * landing in that task then fails the test with "not configured to support act(...)", in CI now and then.
 */
function inAct(change: () => void) {
  act(change);
}

function setup(fetchMissed?: FetchMissed) {
  const { client, sockets, say } = fakeRealtimeClient(fetchMissed ? { fetchMissed } : {});
  let serverCount = 0;
  const unread = vi.fn(() => serverCount);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RealtimeProvider client={client}>
        <Badge unread={unread} />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  return {
    unread,
    /** A notification written on the server, its event sent to nobody (the socket is not open yet). */
    notifyWhileAway: () => {
      serverCount += 1;
    },
    /** The server's count changes, and its event arrives on the open socket. */
    serverSays: (change: number, event: unknown) => {
      inAct(() => {
        serverCount += change;
        say(event);
      });
    },
    say: (frame: unknown) => inAct(() => say(frame)),
    open: () => inAct(() => sockets.at(-1)?.onopen?.()),
    drop: () => inAct(() => sockets.at(-1)?.close()),
  };
}

describe('RealtimeProvider', () => {
  it('refetches what the page read before the channel first joined, so an event sent meanwhile is not lost', async () => {
    const { unread, notifyWhileAway, open } = setup();
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    notifyWhileAway();
    open();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    expect(unread).toHaveBeenCalledTimes(2);
  });

  it('reads the badge again when a notice is written, updated in place, or read in another tab', async () => {
    const { serverSays, open } = setup();
    open();
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    const notice = {
      id: 'n1',
      type: 'message',
      title: 'New message',
      message: 'Ana sent you a message',
      created_at: '2026-01-01T12:00:00.000Z',
      link: '/messages?match=m1',
      is_read: false,
      actor: null,
    };
    serverSays(1, { type: 'notification.created', payload: notice });
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
    // The chat was read: its notice is read with it, and the badge drops.
    serverSays(-1, { type: 'notification.read', payload: { ids: ['n1'] } });
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    // The next message brings the same notice back, unread.
    serverSays(1, {
      type: 'notification.created',
      payload: { ...notice, title: 'New messages', message: '2 new messages from Ana' },
    });
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it('refetches again after a reconnect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { notifyWhileAway, open, drop } = setup();
      open();
      expect(await screen.findByText('0 unread')).toBeInTheDocument();
      drop();
      notifyWhileAway();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      open();
      await waitFor(() => expect(screen.getByText('1 unread')).toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('after a reconnect applies the missed events instead of refetching, and refetches when the gap is too old', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const notice = {
        id: 'n2',
        type: 'message' as const,
        title: 'New message',
        message: 'Ana sent you a message',
        created_at: '2026-01-01T12:00:00.000Z',
        link: null,
        is_read: false,
        actor: null,
      };
      const fetchMissed = vi
        .fn<FetchMissed>()
        .mockResolvedValueOnce({
          events: [{ type: 'notification.created', id: '9.0', position: 6, payload: notice }],
          position: 6,
          has_more: false,
          too_old: false,
        })
        .mockResolvedValueOnce({ events: [], position: 6, has_more: false, too_old: true });
      const { unread, notifyWhileAway, open, drop, say } = setup(fetchMissed);
      open();
      say({ type: 'hello', position: 5 });
      expect(await screen.findByText('0 unread')).toBeInTheDocument();
      const reads = unread.mock.calls.length;

      // Away while a notice was written: the resume brings its event, which reads the badge again.
      drop();
      notifyWhileAway();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      open();
      await waitFor(() => expect(screen.getByText('1 unread')).toBeInTheDocument());
      expect(fetchMissed).toHaveBeenCalledWith(5);
      expect(unread.mock.calls.length).toBe(reads + 1);

      // Away too long: nothing to apply, so everything live is read again.
      drop();
      notifyWhileAway();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      open();
      await waitFor(() => expect(screen.getByText('2 unread')).toBeInTheDocument());
      expect(fetchMissed).toHaveBeenLastCalledWith(6);
    } finally {
      vi.useRealTimers();
    }
  });
});

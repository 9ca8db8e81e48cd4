import type { Notification } from '@royal/shared';
import { apiError, type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMe, makeNotification } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationsPopover } from './notifications-popover';

/** A tiny stand-in for the server's notification list, so refetches see the new state. */
function inbox(initial: Notification[]) {
  let items = initial;
  return {
    get: (): MockHandler => () => ({
      body: { items, unread_count: items.filter((item) => !item.is_read).length },
    }),
    set: (next: Notification[]) => {
      items = next;
    },
    items: () => items,
  };
}

async function openPopover(server: ReturnType<typeof inbox>, routes: Record<string, MockHandler> = {}) {
  const api = mockApi({ 'GET /api/notifications': server.get(), ...routes });
  const view = renderSignedIn(<NotificationsPopover />, { me: makeMe() });
  const unread = server.items().filter((item) => !item.is_read).length;
  const trigger = await screen.findByRole('button', {
    name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
  });
  await view.user.click(trigger);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { ...view, api, panel };
}

describe('NotificationsPopover', () => {
  it("shows 'No notifications' when there are none", async () => {
    const { panel } = await openPopover(inbox([]));
    expect(within(panel).getByText('No notifications')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('lists items with title, message, relative time and an unread marker', async () => {
    const match = makeNotification({
      title: "It's a Match!",
      message: 'You and Alexander liked each other!',
    });
    const event = makeNotification({
      type: 'event',
      title: 'New event',
      message: 'Midnight Gala in Miami',
      is_read: true,
      created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const { panel } = await openPopover(inbox([match, event]));

    const [first, second] = within(panel).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent("It's a Match!");
    expect(first).toHaveTextContent('You and Alexander liked each other!');
    expect(first).toHaveTextContent('5m ago');
    expect(within(first).getByText('Unread')).toBeInTheDocument();
    expect(second).toHaveTextContent('3h ago');
    expect(within(second).queryByText('Unread')).not.toBeInTheDocument();
  });

  it("shows the actor's face square with the kind as a badge, and the kind alone for notices about no one", async () => {
    const like = makeNotification({
      type: 'like',
      title: 'Sofia liked you',
      actor: { id: 'sofia', name: 'Sofia', avatar: '/api/photos/p1?size=face' },
    });
    const noPhoto = makeNotification({
      type: 'message',
      title: 'New message from Ava',
      actor: { id: 'ava', name: 'Ava', avatar: null },
    });
    const event = makeNotification({ type: 'event', title: 'New event', actor: null });
    const { panel } = await openPopover(inbox([like, noPhoto, event]));

    const [liked, messaged, evented] = within(panel).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // The title names her already: the picture adds nothing for a screen reader.
    expect(liked.querySelector('img')).toHaveAttribute('src', '/api/photos/p1?size=face');
    expect(liked.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(liked).getByRole('button', { name: /^Sofia liked you/ })).toBeInTheDocument();
    expect(liked.querySelector('[data-notification-kind="like"]')).not.toBeNull();
    expect(messaged.querySelector('img')).toBeNull();
    expect(messaged).toHaveTextContent(/^A/);
    expect(messaged.querySelector('[data-notification-kind="message"]')).not.toBeNull();
    expect(evented.querySelector('img')).toBeNull();
    expect(evented.querySelector('[data-notification-kind]')).toBeNull();
  });

  it('marks everything read at once', async () => {
    const server = inbox([makeNotification(), makeNotification({ type: 'message', title: 'New message' })]);
    const { panel, api, user } = await openPopover(server, {
      'POST /api/notifications/read-all': () => {
        server.set(server.items().map((item) => ({ ...item, is_read: true })));
        return { status: 204 };
      },
    });
    expect(within(panel).getAllByText('Unread')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));

    await waitFor(() => expect(within(panel).queryByText('Unread')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/notifications/read-all')).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks one item read when it is clicked', async () => {
    const item = makeNotification({ title: 'Super Like!' });
    const server = inbox([item]);
    const { panel, api, user } = await openPopover(server, {
      [`POST /api/notifications/${item.id}/read`]: () => {
        server.set([{ ...item, is_read: true }]);
        return { status: 204 };
      },
    });

    await user.click(within(panel).getByRole('button', { name: /^Super Like!/ }));

    await waitFor(() => expect(within(panel).queryByText('Unread')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/notifications/${item.id}/read`)).toHaveLength(1);
  });

  it("opens the item's link and closes the panel", async () => {
    const item = makeNotification({ type: 'message', title: 'New message', link: '/messages' });
    const server = inbox([item]);
    const { panel, user } = await openPopover(server, {
      [`POST /api/notifications/${item.id}/read`]: () => {
        server.set([{ ...item, is_read: true }]);
        return { status: 204 };
      },
    });

    await user.click(within(panel).getByRole('button', { name: /^New message/ }));

    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('dismisses an item with its X', async () => {
    const keep = makeNotification({ title: 'Keep me' });
    const drop = makeNotification({ title: 'Drop me' });
    const server = inbox([keep, drop]);
    const { panel, api, user } = await openPopover(server, {
      [`DELETE /api/notifications/${drop.id}`]: () => {
        server.set([keep]);
        return { status: 204 };
      },
    });

    await user.click(within(panel).getByRole('button', { name: 'Dismiss Drop me' }));

    await waitFor(() => expect(within(panel).queryByText('Drop me')).not.toBeInTheDocument());
    expect(within(panel).getByText('Keep me')).toBeInTheDocument();
    // Focus stays in the panel, on the Dismiss of the item left, not on the page's start.
    expect(within(panel).getByRole('button', { name: 'Dismiss Keep me' })).toHaveFocus();
    expect(api.callsTo(`DELETE /api/notifications/${drop.id}`)).toHaveLength(1);
  });

  it("puts a dismissed item back with an 'Error' toast when the server refuses", async () => {
    const item = makeNotification({ title: 'Stubborn' });
    const { panel, user } = await openPopover(inbox([item]), {
      [`DELETE /api/notifications/${item.id}`]: apiError(404, 'NOT_FOUND', 'Not found'),
    });

    await user.click(within(panel).getByRole('button', { name: 'Dismiss Stubborn' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Not found')).toBeInTheDocument();
    expect(await within(panel).findByText('Stubborn')).toBeInTheDocument();
  });
});

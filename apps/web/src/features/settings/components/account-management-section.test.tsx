import {
  DATA_EXPORT_FAILED_TEXT,
  DATA_EXPORT_REQUESTED_TEXT,
  type DataExport,
  DELETE_ACCOUNT_MONEY_TEXT,
} from '@royal/shared';
import { apiError, type MockHandler, type MockReply, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountManagementSection } from './account-management-section';

const ID = '5b7f2c1e-3a4d-4e8f-9a0b-1c2d3e4f5a6b';
const pending: DataExport = {
  id: ID,
  status: 'pending',
  requested_at: '2026-03-01T10:00:00.000Z',
  ready_at: null,
  expires_at: null,
  download_url: null,
};
const ready: DataExport = {
  ...pending,
  status: 'ready',
  ready_at: '2026-03-01T10:01:00.000Z',
  expires_at: '2026-03-02T10:01:00.000Z',
  download_url: `/api/me/data-export/${ID}/download?token=abc`,
};

function open(routes: Record<string, MockHandler>) {
  const api = mockApi(routes);
  const view = renderSignedIn(<AccountManagementSection />, { me: makeMe(), path: '/settings' });
  return { ...view, api };
}
const exportButton = () => screen.getByRole('button', { name: 'Export My Data' });

describe('Export My Data', () => {
  it('asks for an export, says it is being prepared, and shows it pending', async () => {
    let latest: DataExport | null = null;
    const { user, api } = open({
      'GET /api/me/data-export': () => ({ body: { export: latest } }),
      'POST /api/me/data-export': () => {
        latest = pending;
        return { status: 202, body: pending };
      },
    });
    expect(await screen.findByText('Nothing exported yet.')).toBeInTheDocument();
    expect(exportButton()).not.toHaveAttribute('aria-disabled');
    expect(exportButton()).not.toHaveAccessibleDescription(/Not available yet/);

    await user.click(exportButton());
    expect(
      await screen.findByText(DATA_EXPORT_REQUESTED_TEXT, { selector: '[data-sonner-toast] *' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/me/data-export')).toHaveLength(1);
    expect(exportButton()).toHaveAccessibleDescription(/being prepared/);
  });

  it('offers the ready archive’s link and says until when it works', async () => {
    open({ 'GET /api/me/data-export': { body: { export: ready } } });
    const link = await screen.findByRole('link', { name: 'Download it' });
    expect(link).toHaveAttribute('href', ready.download_url);
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(ready.expires_at ?? ''),
    );
    expect(exportButton()).toHaveAccessibleDescription(`Your archive is ready. Download it before ${until}.`);
  });

  it('gives the server’s reason when today’s export was already asked for, and a plain failure otherwise', async () => {
    const message =
      'You can request one data export a day. Your next export can be requested after March 2, 2026 at 10:00 AM UTC.';
    let refusal = apiError(429, 'RATE_LIMITED', message);
    const { user } = open({
      'GET /api/me/data-export': { body: { export: { ...ready, status: 'expired', download_url: null } } },
      'POST /api/me/data-export': () => refusal,
    });
    expect(await screen.findByText('Your last export has expired.')).toBeInTheDocument();
    await user.click(exportButton());
    const toast = (await screen.findByText(DATA_EXPORT_FAILED_TEXT)).closest(
      '[data-sonner-toast]',
    ) as HTMLElement;
    expect(within(toast).getByText(message)).toBeInTheDocument();

    refusal = apiError(500, 'INTERNAL', 'Something went wrong. Please try again.');
    await user.click(exportButton());
    expect(await screen.findAllByText(DATA_EXPORT_FAILED_TEXT)).toHaveLength(2);
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });
});

describe('Delete Account', () => {
  async function openDialog(reply: MockHandler) {
    const view = open({
      'GET /api/me/data-export': { body: { export: null } },
      'POST /api/me/delete': reply,
    });
    await view.user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Account' });
    return { ...view, dialog };
  }

  it('says what is deleted, what is kept and the money rule, and asks for the password and DELETE', async () => {
    const { user, dialog, api } = await openDialog({ body: { deleted: true } });
    expect(within(dialog).getByText(/Kept for 7 years, under the name “Deleted member”/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Withdraw your balance/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Please enter your password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/me/delete')).toHaveLength(0);
  });

  it('shows a wrong password on its field and the money refusal in the dialog', async () => {
    const wrongPassword = 'Your password is incorrect';
    let reply: MockReply = {
      status: 401,
      body: {
        error: {
          code: 'INVALID_CREDENTIALS',
          message: wrongPassword,
          details: [{ path: 'password', message: wrongPassword }],
        },
      },
    };
    const { user, dialog } = await openDialog(() => reply);
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(wrongPassword)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    reply = apiError(409, 'CONFLICT', DELETE_ACCOUNT_MONEY_TEXT);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DELETE_ACCOUNT_MONEY_TEXT);

    reply = apiError(500, 'INTERNAL', 'Something went wrong. Please try again.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Failed to delete account')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete Account' })).toBeInTheDocument();
  });
});

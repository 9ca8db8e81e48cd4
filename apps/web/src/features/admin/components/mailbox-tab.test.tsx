import type { MailboxItem } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MailboxTab } from './mailbox-tab';

// email_confirmed given while the fixture catches up with the confirm-e-mail work.
const admin = makeMe({ roles: ['user', 'admin'], email_confirmed: true });
const mail = (overrides: Partial<MailboxItem> = {}): MailboxItem => ({
  id: '44444444-4444-4444-8444-444444444444',
  to: 'amara@example.test',
  subject: 'Welcome to the Royal Circle',
  text: 'Welcome to the Royal Circle — where luxury meets love.',
  html: '<!DOCTYPE html><html><body><p>Welcome, in gold.</p><script>parent.hacked = true</script></body></html>',
  kind: 'notice',
  status: 'sent',
  attempts: 0,
  error: null,
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:05.000Z',
  ...overrides,
});

describe('MailboxTab', () => {
  it('lists the outbox and shows a mail’s text and its HTML in a sandboxed frame', async () => {
    mockApi({
      'GET /api/dev/mailbox': {
        body: {
          transport: 'outbox',
          items: [
            mail(),
            mail({
              id: '55555555-5555-4555-8555-555555555555',
              to: 'noor@example.test',
              subject: 'Your Royal Circle account will be deleted',
              kind: 'security',
              status: 'queued',
              attempts: 2,
              error: 'connect ECONNREFUSED',
              sent_at: null,
            }),
          ],
        },
      },
    });
    const { user } = renderSignedIn(<MailboxTab />, { me: admin });
    expect(await screen.findByText(/E-mail stays in the outbox/)).toBeInTheDocument();
    const welcome = screen
      .getByRole('heading', { name: 'Welcome to the Royal Circle' })
      .closest('li') as HTMLElement;
    expect(within(welcome).getByText('To amara@example.test')).toBeInTheDocument();
    expect(within(welcome).getByText(/Sent .* · 0 failed attempts · Notice/)).toBeInTheDocument();
    const warning = screen
      .getByRole('heading', { name: 'Your Royal Circle account will be deleted' })
      .closest('li') as HTMLElement;
    expect(
      within(warning).getByText(/Queued · 2 failed attempts · Security · connect ECONNREFUSED/),
    ).toBeInTheDocument();

    expect(screen.queryByTitle('HTML of Welcome to the Royal Circle')).not.toBeInTheDocument();
    await user.click(within(welcome).getByRole('button', { name: 'Show' }));
    expect(
      within(welcome).getByText('Welcome to the Royal Circle — where luxury meets love.'),
    ).toBeInTheDocument();
    const frame = within(welcome).getByTitle('HTML of Welcome to the Royal Circle');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Welcome, in gold.</p>');
    // The mail's HTML is never part of the page itself.
    expect(screen.queryByText('Welcome, in gold.')).not.toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await user.click(within(welcome).getByRole('button', { name: 'Hide' }));
    expect(within(welcome).queryByTitle('HTML of Welcome to the Royal Circle')).not.toBeInTheDocument();
  });

  it('says there is no dev mailbox where the server has none (outside demo mode)', async () => {
    mockApi({ 'GET /api/dev/mailbox': apiError(404, 'NOT_FOUND', 'Not found') });
    renderSignedIn(<MailboxTab />, { me: admin });
    expect(await screen.findByText('No dev mailbox here')).toBeInTheDocument();
  });

  it('says when the outbox is empty', async () => {
    mockApi({ 'GET /api/dev/mailbox': { body: { transport: 'outbox', items: [] } } });
    renderSignedIn(<MailboxTab />, { me: admin });
    expect(await screen.findByText('No e-mails yet')).toBeInTheDocument();
  });
});

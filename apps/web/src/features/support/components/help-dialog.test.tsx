import {
  SUPPORT_MESSAGE_TOO_SHORT_TEXT,
  SUPPORT_OPEN_LIMIT_TEXT,
  SUPPORT_TOPIC_REQUIRED_TEXT,
} from '@royal/shared';
import { apiError, type MockReply, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FAQ } from '../faq';
import { FAQ_SEARCH_LABEL } from './faq-panel';
import { BACK_TO_HELP_LABEL, HelpDialog } from './help-dialog';
import { SUPPORT_SENT_TOAST } from './support-request-form';
import { SUPPORT_SENT_TITLE } from './support-request-panel';

const FILED: MockReply = {
  status: 201,
  body: {
    id: '00000000-0000-4000-8000-0000000000f1',
    topic: 'billing',
    status: 'open',
    created_at: '2026-11-28T12:00:00.000Z',
  },
};

function OpenHelp() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Help & Support
      </button>
      <HelpDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/** A mouse and keyboard (`fine`), or a touch screen (`coarse`): where a new page puts the focus. */
function pointerIs(kind: 'fine' | 'coarse') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === `(pointer: ${kind})`,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The Help dialog, open at its menu, with `filed` as the API's answer to a support request. */
function renderHelp(filed: MockReply = FILED) {
  const api = mockApi({ 'POST /api/support-requests': filed });
  const view = renderSignedIn(<OpenHelp />, { me: makeMe() });
  const dialog = () => screen.getByRole('dialog');
  return { ...view, api, dialog };
}

describe('Help & Support: FAQ', () => {
  it('narrows the questions as the member types, in questions and answers alike, and says when nothing matches', async () => {
    const { user, dialog } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^FAQ/ }));
    expect(screen.getByRole('dialog', { name: 'FAQ' })).toBeInTheDocument();
    const questions = () => within(dialog()).queryAllByRole('button', { expanded: false });
    expect(questions()).toHaveLength(FAQ.length);

    const search = within(dialog()).getByRole('searchbox', { name: FAQ_SEARCH_LABEL });
    // "Incognito" is in one question; "cancel it" only in the answer about held money.
    await user.type(search, 'incognito');
    expect(questions().map((q) => q.textContent)).toEqual([
      'Who can see my profile? What are Incognito and Ghost Mode?',
    ]);
    await user.clear(search);
    await user.type(search, 'CANCEL it');
    expect(questions().map((q) => q.textContent)).toEqual(['When is money held, and how is it released?']);
    expect(within(dialog()).getByText('1 question found')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'helicopter');
    expect(questions()).toHaveLength(0);
    expect(within(dialog()).getByText('No answers for “helicopter”')).toBeInTheDocument();
    // The way on from no answer is to ask the team.
    await user.click(within(dialog()).getByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Support' })).toBeInTheDocument();
  });

  it('shows an answer under its question on demand, and hides it again', async () => {
    const { user, dialog } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^FAQ/ }));
    const question = within(dialog()).getByRole('button', { name: 'How does the escrow wallet work?' });
    const answer = document.getElementById(question.getAttribute('aria-controls') ?? '');
    expect(answer).not.toBeVisible();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent('Observers have no wallet');
    await user.click(question);
    expect(answer).not.toBeVisible();
  });

  it('puts the focus in the search box with a keyboard, on the way back on a touch screen', async () => {
    pointerIs('fine');
    const first = renderHelp();
    await first.user.click(within(first.dialog()).getByRole('button', { name: /^FAQ/ }));
    expect(within(first.dialog()).getByRole('searchbox', { name: FAQ_SEARCH_LABEL })).toHaveFocus();
    first.unmount();

    pointerIs('coarse');
    const { user, dialog } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^FAQ/ }));
    expect(within(dialog()).getByRole('button', { name: BACK_TO_HELP_LABEL })).toHaveFocus();
  });

  it('goes back to the menu, with the focus on the card it left by', async () => {
    const { user, dialog } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^FAQ/ }));
    await user.click(within(dialog()).getByRole('button', { name: BACK_TO_HELP_LABEL }));
    expect(screen.getByRole('dialog', { name: 'Help & Support' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: /^FAQ/ })).toHaveFocus());
    expect(within(dialog()).getByRole('link', { name: /^Safety Center/ })).toHaveAttribute('href', '/safety');
  });
});

describe('Help & Support: Contact Support and Report an Issue', () => {
  it('checks the form with the shared rule before sending anything', async () => {
    pointerIs('fine');
    const { user, dialog, api } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^Contact Support/ }));
    const form = screen.getByRole('dialog', { name: 'Contact Support' });
    await waitFor(() => expect(within(form).getByLabelText('Topic')).toHaveFocus());
    await user.type(within(form).getByLabelText('How can we help?'), 'Help me');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(within(form).getByText(SUPPORT_TOPIC_REQUIRED_TEXT)).toBeInTheDocument();
    expect(within(form).getByText(SUPPORT_MESSAGE_TOO_SHORT_TEXT)).toBeInTheDocument();
    expect(within(form).getByLabelText('Topic')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/support-requests')).toHaveLength(0);
  });

  it('files the request, says so in a toast, and says in the dialog when we reply', async () => {
    const { user, dialog, api } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^Contact Support/ }));
    const form = screen.getByRole('dialog', { name: 'Contact Support' });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Plans and billing');
    await user.type(within(form).getByLabelText('How can we help?'), '  I was charged twice this month.  ');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(await within(form).findByRole('heading', { name: SUPPORT_SENT_TITLE })).toHaveFocus();
    expect(within(form).getByText(/Our team will reply within 24 hours/)).toBeInTheDocument();
    expect(await screen.findByText(SUPPORT_SENT_TOAST)).toBeInTheDocument();
    expect(api.callsTo('POST /api/support-requests')[0]?.body).toEqual({
      topic: 'billing',
      message: 'I was charged twice this month.',
    });

    await user.click(within(form).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, it starts at the menu.
    await user.click(screen.getByRole('button', { name: 'Help & Support' }));
    expect(await screen.findByRole('dialog', { name: 'Help & Support' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in the form and keeps what the member wrote', async () => {
    const { user, dialog } = renderHelp(apiError(409, 'CONFLICT', SUPPORT_OPEN_LIMIT_TEXT));
    await user.click(within(dialog()).getByRole('button', { name: /^Contact Support/ }));
    const form = screen.getByRole('dialog', { name: 'Contact Support' });
    await user.selectOptions(within(form).getByLabelText('Topic'), 'Verification');
    const message = within(form).getByLabelText('How can we help?');
    await user.type(message, 'My verification is still pending.');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(SUPPORT_OPEN_LIMIT_TEXT);
    expect(message).toHaveValue('My verification is still pending.');
  });

  it('Report an Issue is the same form, already on a problem with the app', async () => {
    pointerIs('fine');
    const { user, dialog, api } = renderHelp();
    await user.click(within(dialog()).getByRole('button', { name: /^Report an Issue/ }));
    const form = screen.getByRole('dialog', { name: 'Report an Issue' });
    expect(within(form).getByLabelText('Topic')).toHaveDisplayValue('A problem with the app');
    const message = within(form).getByLabelText('What went wrong, and where in the app?');
    await waitFor(() => expect(message).toHaveFocus());
    await user.type(message, 'The chat does not scroll to the newest message.');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    await within(form).findByRole('heading', { name: SUPPORT_SENT_TITLE });
    expect(api.callsTo('POST /api/support-requests')[0]?.body).toMatchObject({ topic: 'bug' });
  });
});

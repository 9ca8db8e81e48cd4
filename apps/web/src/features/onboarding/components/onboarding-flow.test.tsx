import { BIO_EXAMPLES, BIO_MIN, BIO_TOO_SHORT_TEXT } from '@royal/shared';
import { apiError, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const PHOTO = {
  id: '00000000-0000-4000-8000-00000000000a',
  url: '/api/photos/a?size=large',
  thumb_url: '/api/photos/a?size=small',
  position: 0,
  status: 'pending',
  rejection_reason: null,
  appeal_status: 'none',
  appeal_reason: null,
  appeal_submitted_at: null,
  moderated_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const newcomer = () => makeMe({ name: 'New User', onboarded: false, next_step: 'onboarding', tier_level: 0 });

describe('Onboarding', () => {
  it('sends a member who has not finished it from the app to /onboarding', async () => {
    const refused = apiError(
      403,
      'ONBOARDING_REQUIRED',
      'Finish setting up your profile to start meeting members',
    );
    mockApi({
      [SESSION]: signedInAs(newcomer()),
      'GET /api/me/photos': { body: { photos: [] } },
      // On a first load the loaders start before the session is known; the guard wins all the same.
      'GET /api/discovery/feed': refused,
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'GET /api/me/settings': { body: makeSettings() },
    });
    const { router } = renderApp('/app');
    expect(await screen.findByRole('heading', { name: 'What is your name?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    // Once the session is known, the app's screens ask nothing while the step is pending.
    const api = mockApi({ 'GET /api/me/photos': { body: { photos: [] } } });
    await router.navigate('/search');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(api.calls.filter((c) => c.path !== '/api/me/photos')).toEqual([]);
  });

  it('sends an onboarded member away from /onboarding', async () => {
    mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/me/photos': { body: { photos: [] } },
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'GET /api/me/settings': { body: makeSettings() },
      'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
    });
    const { router } = renderApp('/onboarding');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('asks one question per step, checks each, and finishes with the first photo', async () => {
    const finished = makeMe({ name: 'Isabella', onboarded: true, next_step: null });
    const api = mockApi({
      [SESSION]: signedInAs(newcomer()),
      'GET /api/me/photos': { body: { photos: [PHOTO] } },
      'POST /api/me/onboarding': { body: finished },
      'GET /api/notifications': { body: { items: [], unread_count: 0 } },
      'GET /api/me/settings': { body: makeSettings() },
      'GET /api/discovery/feed': { body: { items: [], next_cursor: null } },
    });
    const { user, router } = renderApp('/onboarding');
    await screen.findByRole('heading', { name: 'What is your name?' });
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Isabella');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    expect(await screen.findByRole('heading', { name: 'I am' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Please choose one')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Women'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    await screen.findByRole('heading', { name: 'When were you born?' });
    // Under 18: refused on this step, with the server's own reason, not at the end.
    const lastYear = new Date().getUTCFullYear() - 1;
    await user.type(screen.getByLabelText('Date of birth'), `${lastYear}-01-01`);
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('You must be at least 18 to join the Royal Circle')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 8')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), '1994-05-17');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    await screen.findByRole('heading', { name: 'Where are you?' });
    await user.selectOptions(screen.getByLabelText('City'), 'Miami, FL');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    await screen.findByRole('heading', { name: 'What are you looking for?' });
    await user.click(screen.getByLabelText('Long-term'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    // A bio is required, with examples to help: too short is refused on its step.
    await screen.findByRole('heading', { name: 'Tell members about you' });
    const examples = screen.getByRole('region', { name: 'Example bios' });
    for (const example of BIO_EXAMPLES) expect(examples).toHaveTextContent(example);
    await user.type(screen.getByLabelText('About you'), 'Sailing and art.');
    expect(screen.getByText(`${BIO_MIN - 16} more characters to go`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText(BIO_TOO_SHORT_TEXT)).toBeInTheDocument();
    expect(screen.getByText('Step 6 of 8')).toBeInTheDocument();
    await user.type(screen.getByLabelText('About you'), ' Long dinners with good company.');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    // Prompts are optional: one chosen, left unanswered, is refused; answered, it is sent.
    await screen.findByRole('heading', { name: 'A few questions, if you like' });
    await user.selectOptions(screen.getByLabelText('Prompt 1'), 'The ideal first date');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByText('Please answer the prompt, or remove it')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your answer: The ideal first date'), 'A gallery, then oysters.');
    expect(screen.getByLabelText('Prompt 2')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: /Continue/ }));

    await screen.findByRole('heading', { name: 'Add your first photo' });
    expect(screen.getByText('Step 8 of 8')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Enter the Royal Circle' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(api.callsTo('POST /api/me/onboarding')[0]?.body).toEqual({
      name: 'Isabella',
      user_type: 'women',
      birth_date: '1994-05-17',
      looking_for: 'long_term',
      bio: 'Sailing and art. Long dinners with good company.',
      prompts: [{ prompt: 'first_date', answer: 'A gallery, then oysters.' }],
      location: { kind: 'city', city: 'Miami, FL' },
    });
  });
});

import { BIO_TOO_SHORT_TEXT } from '@royal/shared';
import { apiError, mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from './profile-form';

const photos = { 'GET /api/me/photos': { body: { photos: [] } } };

describe('Edit Profile form', () => {
  it('shows every section (Additional Preferences only for women) and counts the bio', async () => {
    const man = makeMe({ user_type: 'men', bio: 'Hello' });
    mockApi({ [SESSION]: signedInAs(man), ...photos });
    const { user, unmount } = renderSignedIn(<ProfileForm me={man} />, { me: man });
    for (const name of [
      'Photos (Required)',
      'Basic Information',
      'Physical Attributes',
      "What You're Seeking",
      'Lifestyle & Interests',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Additional Preferences' })).not.toBeInTheDocument();
    // Below BIO_MIN the counter says how far to go, and the form will not save it (decision 039).
    expect(screen.getByText('25 more characters to go')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(BIO_TOO_SHORT_TEXT)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bio'), ', I am new here and like the quiet ones.');
    expect(screen.getByText('45/500')).toBeInTheDocument();
    unmount();

    const woman = makeMe({ user_type: 'women' });
    mockApi({ [SESSION]: signedInAs(woman), ...photos });
    renderSignedIn(<ProfileForm me={woman} />, { me: woman });
    expect(screen.getByRole('heading', { name: 'Additional Preferences' })).toBeInTheDocument();
  });

  it('saves with the spec’s toast, sending no Additional Preferences for a man', async () => {
    const man = makeMe({ user_type: 'men', name: 'James' });
    const api = mockApi({
      [SESSION]: signedInAs(man),
      ...photos,
      'PATCH /api/me/profile': { body: { ...man, height: `6'1"` } },
    });
    const { user } = renderSignedIn(<ProfileForm me={man} />, { me: man });
    await user.selectOptions(screen.getByLabelText('Height'), `6'1"`);
    await user.click(screen.getByRole('button', { name: 'Yachts' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const body = api.callsTo('PATCH /api/me/profile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'James', height: `6'1"` });
    expect(body.lifestyle_tags).toContain('yachts');
    expect(body).not.toHaveProperty('compensation_preference');
    expect(body).not.toHaveProperty('open_to_companions_only');
    expect(body).not.toHaveProperty('verified');
    // The city did not change, so the location is not sent again.
    expect(body).not.toHaveProperty('location');
  });

  it('edits up to three prompts from the list and sends them', async () => {
    const me = makeMe({ prompts: [{ prompt: 'best_trip', answer: 'Kyoto in the rain.' }] });
    const api = mockApi({ [SESSION]: signedInAs(me), ...photos, 'PATCH /api/me/profile': { body: me } });
    const { user } = renderSignedIn(<ProfileForm me={me} />, { me });
    expect(screen.getByRole('heading', { name: 'Prompts' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your answer: The best trip I have taken')).toHaveValue(
      'Kyoto in the rain.',
    );
    // A question already answered is not offered again in the next slot.
    const next = screen.getByLabelText('Prompt 2');
    expect(within(next).queryByRole('option', { name: 'The best trip I have taken' })).toBeNull();
    await user.selectOptions(next, 'A green flag I look for');
    await user.type(screen.getByLabelText('Your answer: A green flag I look for'), 'Kind to waiters.');
    await user.selectOptions(screen.getByLabelText('Prompt 3'), 'I could talk for hours about');
    await user.type(screen.getByLabelText('Your answer: I could talk for hours about'), 'Jazz.');
    // Three answered: no fourth slot.
    expect(screen.queryByLabelText('Prompt 4')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Prompt 1'), 'Remove this prompt');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully!');
    const body = api.callsTo('PATCH /api/me/profile')[0]?.body as Record<string, unknown> | undefined;
    expect(body?.prompts).toEqual([
      { prompt: 'green_flag', answer: 'Kind to waiters.' },
      { prompt: 'passionate_about', answer: 'Jazz.' },
    ]);
  });

  it('keeps Save Changes focusable while saving, and sends one save at a time', async () => {
    const me = makeMe();
    let release = () => {};
    const api = mockApi({
      [SESSION]: signedInAs(me),
      ...photos,
      'PATCH /api/me/profile': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: me });
        }),
    });
    const { user } = renderSignedIn(<ProfileForm me={me} />, { me });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    // Not `disabled`, which in a browser drops the focus the button holds to the page's start.
    expect(saving).not.toBeDisabled();
    expect(saving).toHaveAttribute('aria-disabled', 'true');
    expect(saving).toHaveFocus();
    await user.click(saving);
    release();
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/profile')).toHaveLength(1);
  });

  it('says why a save failed', async () => {
    const me = makeMe();
    mockApi({
      [SESSION]: signedInAs(me),
      ...photos,
      'PATCH /api/me/profile': apiError(400, 'VALIDATION_FAILED', 'Choose a city from the list'),
    });
    const { user } = renderSignedIn(<ProfileForm me={me} />, { me });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save profile')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Choose a city from the list')).toBeInTheDocument());
  });

  it('refuses a name left empty before asking the server', async () => {
    const me = makeMe();
    const api = mockApi({ [SESSION]: signedInAs(me), ...photos });
    const { user } = renderSignedIn(<ProfileForm me={me} />, { me });
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me/profile')).toHaveLength(0);
  });
});

import type { Compliance } from '@royal/shared';
import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeInterests, makeMe, makeSettings } from '@test/fixtures';
import { renderApp } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

const frame = {
  'GET /api/notifications': { body: { items: [], unread_count: 0 } },
  'GET /api/me/settings': { body: makeSettings() },
  'GET /api/interests': { body: makeInterests() },
};

const gate = (overrides: Partial<Compliance>): Compliance => ({
  terms_accepted: false,
  privacy_accepted: false,
  age_verified: false,
  id_check: 'none',
  next_step: 'terms',
  ...overrides,
});

describe('ComplianceGate', () => {
  it('shows the terms, then the privacy policy, each accepted only once its box is ticked', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ compliance: gate({}) })),
      ...frame,
      'POST /api/compliance/terms': { body: gate({ terms_accepted: true, next_step: 'privacy' }) },
      'POST /api/compliance/privacy': {
        body: gate({ terms_accepted: true, privacy_accepted: true, next_step: 'age' }),
      },
    });
    const { user } = renderApp('/interests');

    const terms = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(within(terms).getByText(/must be at least 18/)).toBeInTheDocument();
    const accept = within(terms).getByRole('button', { name: 'Accept & Continue' });
    expect(accept).toBeDisabled();
    await user.click(
      within(terms).getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }),
    );
    expect(accept).toBeEnabled();
    await user.click(accept);
    expect(api.callsTo('POST /api/compliance/terms')[0]?.body).toEqual({ version: '1.0' });
    expect(await screen.findByText('Terms Accepted')).toBeInTheDocument();

    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    const acceptPrivacy = within(privacy).getByRole('button', { name: 'Accept & Continue' });
    expect(acceptPrivacy).toBeDisabled();
    await user.click(within(privacy).getByRole('checkbox'));
    await user.click(acceptPrivacy);
    expect(await screen.findByText('Privacy Policy Accepted')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Age Verification' })).toBeInTheDocument();
    // Nothing of the member area rendered behind the gate.
    expect(screen.queryByRole('heading', { name: 'Interests' })).not.toBeInTheDocument();
  });

  describe('the acceptance toast', () => {
    async function acceptTerms() {
      mockApi({
        [SESSION]: signedInAs(makeMe({ compliance: gate({}) })),
        ...frame,
        'POST /api/compliance/terms': { body: gate({ terms_accepted: true, next_step: 'privacy' }) },
      });
      const { user } = renderApp('/interests');
      const terms = await screen.findByRole('dialog', { name: 'Terms of Service' });
      await user.click(within(terms).getByRole('checkbox'));
      await user.click(within(terms).getByRole('button', { name: 'Accept & Continue' }));
      await screen.findByRole('dialog', { name: 'Privacy Policy' });
      return (await screen.findByText('Terms Accepted')).closest('[data-y-position]');
    }

    // Where exactly it rises to is the one rule of lib/toast-lane.ts (its journey measures it).
    it("rises from the bottom, clear of the next dialog's step and title", async () => {
      expect(await acceptTerms()).toHaveAttribute('data-y-position', 'bottom');
    });
  });

  it('signs the member out when they decline', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe({ compliance: gate({ terms_accepted: true, next_step: 'privacy' }) })),
      ...frame,
      'POST /api/auth/sign-out': { status: 204 },
    });
    const { user, router } = renderApp('/interests');
    const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    await user.click(within(privacy).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('lets the member skip the age check, saying what that costs, and then opens the app', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(
        makeMe({ compliance: gate({ terms_accepted: true, privacy_accepted: true, next_step: 'age' }) }),
      ),
      ...frame,
      'POST /api/compliance/age/skip': {
        body: gate({ terms_accepted: true, privacy_accepted: true, id_check: 'skipped', next_step: 'done' }),
      },
    });
    const { user } = renderApp('/interests');
    const age = await screen.findByRole('dialog', { name: 'Age Verification' });
    expect(within(age).getByText(/stays unverified/)).toBeInTheDocument();
    await user.click(within(age).getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Interests', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/compliance/age/skip')).toHaveLength(1);
  });

  it('refuses a file that is not an image or is over 10 MB before sending it', async () => {
    mockApi({
      [SESSION]: signedInAs(
        makeMe({ compliance: gate({ terms_accepted: true, privacy_accepted: true, next_step: 'age' }) }),
      ),
      ...frame,
    });
    const { user } = renderApp('/interests');
    const age = await screen.findByRole('dialog', { name: 'Age Verification' });
    await user.click(within(age).getByRole('button', { name: 'Verify with ID' }));
    const upload = await screen.findByRole('dialog', { name: 'Upload Your ID' });
    await user.click(within(upload).getByRole('radio', { name: 'Passport' }));
    const input = within(upload).getByLabelText('ID image');
    // The picker's accept filter can be bypassed (drag and drop, "All files"): the check still runs.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid File')).toBeInTheDocument();
    expect(screen.getByText('Please upload an image file (JPG, PNG, etc.)')).toBeInTheDocument();
    // A real 10 MB buffer is slow in jsdom; the check reads only the size.
    const big = new File(['png'], 'id.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(within(upload).getByRole('button', { name: 'Upload ID' })).toBeDisabled();
  });
});

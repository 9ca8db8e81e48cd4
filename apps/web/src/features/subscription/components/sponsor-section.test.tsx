import {
  ERROR_MESSAGES,
  PAYMENT_EMAIL_UNCONFIRMED_TEXT,
  SPONSOR_OBSERVER_TEXT,
  SPONSORSHIP_FUNDS_TEXT,
  type Sponsorship,
  type SponsorshipList,
  type SponsorshipQuote,
} from '@royal/shared';
import { apiError, type MockHandler, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateLabel } from '../date-label';
import { SponsorSection } from './sponsor-section';

const DAY_MS = 86_400_000;
const MEMBER = '7d1c3f4e-1111-4222-8333-444455556666';
const UNTIL = new Date(Date.now() + 30 * DAY_MS).toISOString();

const sponsorship = (name: string, overrides: Partial<Sponsorship> = {}): Sponsorship => ({
  id: crypto.randomUUID(),
  sponsor: { id: crypto.randomUUID(), name: 'Victoria' },
  sponsored: { id: crypto.randomUUID(), name },
  created_at: new Date().toISOString(),
  paid_until: UNTIL,
  price_cents: 2499,
  paused: false,
  ...overrides,
});
const list = (...given: Sponsorship[]): SponsorshipList => ({ given, received: null });

const QUOTE: SponsorshipQuote = {
  member: { id: MEMBER, name: 'Isabella', tier_level: 2 },
  price_cents: 2499,
  period_days: 30,
  paid_until: UNTIL,
  balance_cents: 50_000,
};

const vault = (overrides: Parameters<typeof makeMe>[0] = {}) =>
  makeMe({ tier_level: 4, can_sponsor: true, ...overrides });

function renderSection(routes: Record<string, MockHandler>, me = vault()) {
  const api = mockApi({ 'GET /api/sponsorships': { body: list() }, ...routes });
  return { ...renderSignedIn(<SponsorSection />, { me }), api };
}

/** Opens the dialog and asks for MEMBER. */
async function askFor(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sponsor User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sponsor a member' });
  // Pasted, as a member does with an id (typing 36 characters one by one is slow in jsdom).
  await user.click(within(dialog).getByLabelText('Member user ID'));
  await user.paste(MEMBER);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return dialog;
}

/** The Idempotency-Key of each payment sent. */
const paymentKeys = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);

afterEach(() => vi.unstubAllGlobals());

describe('SponsorSection', () => {
  it('shows the price, the period, the limit and the wallet before paying, then pays the quoted price once', async () => {
    const { user, api } = renderSection({
      'GET /api/sponsorships': { body: list(sponsorship('Sofia'), sponsorship('Mia', { paused: true })) },
      'GET /api/sponsorships/quote': { body: QUOTE },
      'POST /api/sponsorships': {
        body: { sponsorship: sponsorship('Isabella'), new_balance_cents: 50_000 - 2499 },
      },
    });
    expect(await screen.findByText('You sponsor 2 of 3 members.')).toBeInTheDocument();
    const given = screen.getByRole('list', { name: 'Members you sponsor' });
    expect(within(given).getByText(`Until ${dateLabel(UNTIL)}`)).toBeInTheDocument();
    expect(within(given).getByText('Paused until your Vault Verified plan is renewed')).toBeInTheDocument();

    const dialog = await askFor(user);
    const terms = within(dialog).getByRole('list', { name: 'How sponsoring works' });
    expect(terms).toHaveTextContent(
      "You pay the member's own monthly plan for 30 days, from your Escrow Wallet.",
    );
    expect(terms).toHaveTextContent('Up to 3 members at a time.');
    expect(terms).toHaveTextContent(
      'It pauses while your Vault Verified plan is not active, and ends if the plan is not renewed within 24 hours.',
    );
    expect(api.callsTo('GET /api/sponsorships/quote')[0]?.query).toBe(`user_id=${MEMBER}`);
    expect(await within(dialog).findByText('Isabella')).toBeInTheDocument();
    expect(within(dialog).getByText('$24.99').closest('dd')).toHaveTextContent('$24.99 for 30 days');
    expect(within(dialog).getByText(dateLabel(UNTIL))).toBeInTheDocument();
    expect(within(dialog).getByText('$500.00')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Sponsor for $24.99' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/sponsorships').map((c) => c.body)).toEqual([
      { user_id: MEMBER, price_cents: 2499 },
    ]);
    expect(paymentKeys()).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await screen.findByText('Sponsorship active')).toBeInTheDocument();
  });

  it('says in the dialog why the server will not sponsor this member', async () => {
    const { user } = renderSection({
      'GET /api/sponsorships/quote': apiError(409, 'CONFLICT', SPONSOR_OBSERVER_TEXT),
    });
    const dialog = await askFor(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SPONSOR_OBSERVER_TEXT);
    expect(within(dialog).queryByRole('button', { name: /Sponsor for/ })).toBeNull();
  });

  it('at the limit, says so and asks for nobody', async () => {
    const { user, api } = renderSection({
      'GET /api/sponsorships': { body: list(sponsorship('A'), sponsorship('B'), sponsorship('C')) },
    });
    expect(await screen.findByText('You sponsor 3 of 3 members.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sponsor User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor a member' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SPONSORSHIP_LIMIT);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(api.callsTo('GET /api/sponsorships/quote')).toEqual([]);
  });

  it('with too little in the wallet, says so and does not offer to pay', async () => {
    const { user } = renderSection({
      'GET /api/sponsorships/quote': { body: { ...QUOTE, balance_cents: 2000 } },
    });
    const dialog = await askFor(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SPONSORSHIP_FUNDS_TEXT);
    expect(within(dialog).getByRole('button', { name: 'Sponsor for $24.99' })).toBeDisabled();
  });

  it('shows a refused payment in the dialog, and the next attempt has a new Idempotency-Key', async () => {
    let refusals = 0;
    const { user } = renderSection({
      'GET /api/sponsorships/quote': { body: QUOTE },
      'POST /api/sponsorships': () => {
        refusals += 1;
        return apiError(422, 'SPONSORSHIP_LIMIT', ERROR_MESSAGES.SPONSORSHIP_LIMIT);
      },
    });
    const dialog = await askFor(user);
    const pay = await within(dialog).findByRole('button', { name: 'Sponsor for $24.99' });
    await user.click(pay);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.SPONSORSHIP_LIMIT);
    await user.click(pay);
    await waitFor(() => expect(refusals).toBe(2));
    const keys = paymentKeys();
    expect(new Set(keys).size).toBe(2);
  });

  it('tells a lapsed Vault Verified member to renew, and one without sponsoring enabled who enables it', async () => {
    const lapsed = renderSection({}, vault({ tier_subscription_active: false }));
    expect(await screen.findByRole('button', { name: 'Sponsor User' })).toBeDisabled();
    expect(
      screen.getByText('Your subscription is not active. Renew your subscription to sponsor members.'),
    ).toBeInTheDocument();
    lapsed.unmount();
    vi.unstubAllGlobals();

    renderSection({}, vault({ can_sponsor: false }));
    expect(await screen.findByRole('button', { name: 'Sponsor User' })).toBeDisabled();
    expect(
      screen.getByText('Sponsoring is enabled for your account by the Royal Circle team.'),
    ).toBeInTheDocument();
  });

  it('holds Sponsor User back from a member whose e-mail is not confirmed, saying why', async () => {
    renderSection({}, vault({ email_confirmed: false }));
    expect(await screen.findByText(PAYMENT_EMAIL_UNCONFIRMED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sponsor User' })).toBeDisabled();
  });

  it('ends a sponsorship early and says what went back to the wallet', async () => {
    const sofia = sponsorship('Sofia');
    const { user, api } = renderSection({
      'GET /api/sponsorships': { body: list(sofia) },
      [`DELETE /api/sponsorships/${sofia.id}`]: { body: { refunded_cents: 1666, new_balance_cents: 51_666 } },
    });
    await user.click(await screen.findByRole('button', { name: 'End sponsorship of Sofia' }));
    expect(await screen.findByText('$16.66 went back to your wallet.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/sponsorships/${sofia.id}`)).toHaveLength(1);
  });
});

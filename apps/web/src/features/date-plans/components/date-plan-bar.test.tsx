import { cancellationRuleText } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentPlan, DatePlanBar } from './date-plan-bar';
import { HOUR_MS as hour, MATCH, makePlan, makeWatch, PLACE, PLAN } from './date-plan-test-fixtures';

/** A confirmed date shows the member's safety panel: nothing shared, no timer. */
const noWatch = makeWatch();
const them = { name: 'Dante', tier_level: 2 as const };
const me = makeMe({ tier_level: 2 });
const listPath = `GET /api/matches/${MATCH}/date-plans`;
const renderBar = (writable = true) =>
  renderSignedIn(<DatePlanBar matchId={MATCH} them={them} writable={writable} />, { me });

describe('currentPlan', () => {
  it('is the open plan, else one that ended within a day, else none', () => {
    const open = makePlan({ status: 'accepted' });
    const ended = makePlan({
      id: 'x',
      status: 'settled',
      updated_at: new Date(Date.now() - hour).toISOString(),
    });
    const old = makePlan({
      id: 'y',
      status: 'declined',
      updated_at: new Date(Date.now() - 30 * hour).toISOString(),
    });
    expect(currentPlan([ended, open])).toBe(open);
    expect(currentPlan([ended, old])).toBe(ended);
    expect(currentPlan([old])).toBeNull();
  });
});

describe('the chat’s date bar', () => {
  it('offers Plan a date in an open chat without a plan, and nothing in a closed one', async () => {
    mockApi({ [listPath]: { body: { items: [] } } });
    const { unmount } = renderBar();
    expect(await screen.findByRole('button', { name: 'Plan a date' })).toBeInTheDocument();
    unmount();
    mockApi({ [listPath]: { body: { items: [] } } });
    renderBar(false);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Plan a date' })).toBeNull());
  });

  it('sends a proposal with the chosen safe place and deposits in cents, and refuses a deposit outside the tier’s range before sending', async () => {
    const api = mockApi({
      [listPath]: { body: { items: [] } },
      'GET /api/safe-locations': {
        body: {
          city: 'Miami, FL',
          items: [
            {
              id: PLACE,
              name: 'The Palm Court',
              address: '301 Biscayne Blvd',
              city: 'Miami',
              state: 'FL',
              type: 'hotel_lobby',
              rating: 4.8,
              amenities: [],
              hours_today: null,
              open_now: null,
              maps_url: 'https://maps.example/palm',
            },
          ],
        },
      },
      [`POST /api/matches/${MATCH}/date-plans`]: { status: 201, body: makePlan({ awaiting_me: false }) },
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: 'Plan a date' }));
    const sheet = await screen.findByRole('dialog', { name: 'Plan a date' });
    await user.click(await within(sheet).findByRole('radio', { name: /The Palm Court/ }));
    await user.type(within(sheet).getByLabelText('Your deposit ($)'), '5');
    await user.click(within(sheet).getByRole('button', { name: 'Send proposal' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent(
      'The smallest deposit on your plan is $250.00',
    );
    expect(api.callsTo(`POST /api/matches/${MATCH}/date-plans`)).toHaveLength(0);

    await user.clear(within(sheet).getByLabelText('Your deposit ($)'));
    await user.type(within(sheet).getByLabelText('Your deposit ($)'), '250.50');
    await user.type(within(sheet).getByLabelText('Dante’s deposit ($)'), '300');
    await user.click(within(sheet).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(api.callsTo(`POST /api/matches/${MATCH}/date-plans`)).toHaveLength(1));
    const [sent] = api.callsTo(`POST /api/matches/${MATCH}/date-plans`);
    expect(sent?.body).toMatchObject({
      place: { safe_location_id: PLACE },
      my_deposit_cents: 25_050,
      their_deposit_cents: 30_000,
      treat: false,
    });
    expect(await screen.findByText('Date proposal sent')).toBeInTheDocument();
  });

  it('shows a proposal awaiting the member with Accept (holding their deposit), and a refusal as a toast', async () => {
    mockApi({
      [listPath]: { body: { items: [makePlan()] } },
      [`POST /api/date-plans/${PLAN}/accept`]: apiError(409, 'CONFLICT', 'Insufficient funds'),
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: /Dante proposes a date/ }));
    const details = await screen.findByRole('dialog', { name: 'Date with Dante' });
    expect(await within(details).findByText(cancellationRuleText())).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Accept · hold $250.00' }));
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
  });

  it('asks twice before a late cancel that costs the member their deposit', async () => {
    const api = mockApi({
      [listPath]: {
        body: { items: [makePlan({ status: 'accepted', awaiting_me: false, late_cancel_now: true })] },
      },
      [`GET /api/date-plans/${PLAN}/watch`]: { body: noWatch },
      [`POST /api/date-plans/${PLAN}/cancel`]: {
        body: makePlan({ status: 'cancelled', awaiting_me: false }),
      },
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: /Confirmed/ }));
    await user.click(await screen.findByRole('button', { name: 'Cancel date' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'cancelling now gives your deposit to the other member',
    );
    expect(api.callsTo(`POST /api/date-plans/${PLAN}/cancel`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel anyway' }));
    await waitFor(() => expect(api.callsTo(`POST /api/date-plans/${PLAN}/cancel`)).toHaveLength(1));
  });

  it('lets the member a no-show claim names dispute it, with their statement', async () => {
    const claimedAgainstMe = makePlan({
      status: 'claimed',
      awaiting_me: false,
      them: { deposit_cents: 25_000, checked_in: true, check_in_band: 'within_100m', first_name: 'Dante' },
    });
    const api = mockApi({
      [listPath]: { body: { items: [claimedAgainstMe] } },
      [`POST /api/date-plans/${PLAN}/dispute`]: { body: { ...claimedAgainstMe, status: 'disputed' } },
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: /No-show claimed/ }));
    const details = await screen.findByRole('dialog', { name: 'Date with Dante' });
    expect(within(details).getByText('Checked in within 100 m')).toBeInTheDocument();
    await user.type(within(details).getByRole('textbox'), 'I was at the bar from 8:55.');
    await user.click(within(details).getByRole('button', { name: 'Dispute the claim' }));
    await waitFor(() => expect(api.callsTo(`POST /api/date-plans/${PLAN}/dispute`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/date-plans/${PLAN}/dispute`)[0]?.body).toEqual({
      statement: 'I was at the bar from 8:55.',
    });
  });

  it('asks a member who came to rate the date privately, once', async () => {
    const met = makePlan({
      status: 'completed',
      awaiting_me: false,
      me: { deposit_cents: 25_000, checked_in: true, check_in_band: 'qr' },
    });
    const api = mockApi({
      [listPath]: { body: { items: [met] } },
      [`GET /api/date-plans/${PLAN}/watch`]: { body: noWatch },
      [`POST /api/date-plans/${PLAN}/rating`]: { status: 201, body: { ...met, my_rating_given: true } },
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(await screen.findByRole('button', { name: /Met/ }));
    const form = await screen.findByRole('form', { name: 'Rate your date' });
    expect(within(form).getByRole('button', { name: 'Send rating' })).toBeDisabled();
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Asked for money' }));
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(api.callsTo(`POST /api/date-plans/${PLAN}/rating`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/date-plans/${PLAN}/rating`)[0]?.body).toEqual({
      stars: 4,
      flags: ['asked_for_money'],
      comment: '',
    });
    // Rated, the plan says so, and the form is gone.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Rate your date' })).toBeNull());
  });

  it('says "Are you OK?" on the bar while the member’s safety timer asks', async () => {
    mockApi({
      [listPath]: { body: { items: [makePlan({ status: 'accepted', awaiting_me: false })] } },
      [`GET /api/date-plans/${PLAN}/watch`]: {
        body: makeWatch({
          timer: { state: 'asking', check_at: new Date().toISOString(), location_shared: false },
        }),
      },
    });
    renderBar();
    expect(await screen.findByRole('button', { name: /Are you OK\?/ })).toBeInTheDocument();
  });
});

import { DATE_SAFETY_TEXT } from '@royal/shared';
import { apiError, mockApi, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderApp, renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STATUS_LINK_GONE_TEXT } from '../routes/date-status';
import { HOUR_MS, makePlan, makeWatch, PLAN } from './date-plan-test-fixtures';
import { DateWatchPanel } from './date-watch-panel';

const hour = HOUR_MS;
const startsAt = new Date(Date.now() + 3 * hour);
const plan = makePlan({
  status: 'accepted',
  starts_at: startsAt.toISOString(),
  proposer_is_me: true,
  awaiting_me: false,
  me: { deposit_cents: 0, checked_in: false, check_in_band: null },
  them: { deposit_cents: 0, checked_in: false, check_in_band: null, first_name: 'Dante' },
});
const watch = makeWatch;
const running = watch({
  timer: {
    state: 'running',
    check_at: new Date(startsAt.getTime() + 3 * hour).toISOString(),
    location_shared: false,
  },
});
const watchPath = (verb = 'watch') => `/api/date-plans/${PLAN}/${verb}`;
const renderPanel = () => renderSignedIn(<DateWatchPanel plan={plan} />, { me: makeMe() });

describe('watching over a date', () => {
  it('shares with the emergency contact, and says where to add one when there is none', async () => {
    const api = mockApi({
      [`GET ${watchPath()}`]: { body: watch() },
      [`POST ${watchPath('share')}`]: apiError(409, 'CONFLICT', DATE_SAFETY_TEXT.noContact),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: DATE_SAFETY_TEXT.share }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DATE_SAFETY_TEXT.noContact);
    expect(within(alert).getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    expect(api.callsTo(`POST ${watchPath('share')}`)).toHaveLength(1);
  });

  it('sets a timer with its code word, refusing a time before now without asking the server', async () => {
    const api = mockApi({
      [`GET ${watchPath()}`]: { body: watch() },
      [`POST ${watchPath('timer')}`]: { body: running },
    });
    const user = userEvent.setup();
    renderPanel();
    const time = await screen.findByLabelText('Check-in time');
    const date = screen.getByLabelText('Check-in date');
    await user.clear(date);
    await user.type(date, '2020-01-01');
    await user.type(screen.getByLabelText('Code word'), 'blue orchid');
    await user.click(screen.getByRole('button', { name: 'Set safety timer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(DATE_SAFETY_TEXT.checkAtPast);
    expect(api.callsTo(`POST ${watchPath('timer')}`)).toHaveLength(0);

    const later = new Date(startsAt.getTime() + hour);
    const pad = (n: number) => String(n).padStart(2, '0');
    await user.clear(date);
    await user.type(date, `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}`);
    await user.clear(time);
    await user.type(time, `${pad(later.getHours())}:${pad(later.getMinutes())}`);
    await user.click(screen.getByRole('button', { name: 'Set safety timer' }));
    await waitFor(() => expect(api.callsTo(`POST ${watchPath('timer')}`)).toHaveLength(1));
    const [sent] = api.callsTo(`POST ${watchPath('timer')}`);
    expect(sent?.body).toEqual({
      check_at: new Date(later.setSeconds(0, 0)).toISOString(),
      code_word: 'blue orchid',
    });
    expect(await screen.findByText(/We will check in with you at/)).toBeInTheDocument();
  });

  it('asks "Are you OK?" when the timer is up, and a wrong code word is refused', async () => {
    mockApi({
      [`GET ${watchPath()}`]: { body: watch({ timer: { ...running.timer, state: 'asking' } }) },
      [`POST ${watchPath('timer/ok')}`]: apiError(403, 'FORBIDDEN', DATE_SAFETY_TEXT.wrongCodeWord),
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText(DATE_SAFETY_TEXT.areYouOkTitle)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code word'), 'green');
    await user.click(screen.getByRole('button', { name: 'I’m safe' }));
    expect(await screen.findByText(DATE_SAFETY_TEXT.wrongCodeWord)).toBeInTheDocument();
  });

  it('sends SOS only after a second press', async () => {
    const api = mockApi({
      [`GET ${watchPath()}`]: { body: running },
      [`POST ${watchPath('sos')}`]: { body: watch({ ...running, alerted_at: new Date().toISOString() }) },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'SOS' }));
    expect(api.callsTo(`POST ${watchPath('sos')}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send SOS' }));
    await waitFor(() => expect(api.callsTo(`POST ${watchPath('sos')}`)).toHaveLength(1));
    expect(await screen.findByText(DATE_SAFETY_TEXT.sosSent)).toBeInTheDocument();
  });
});

describe('the emergency contact’s status page', () => {
  // Opened signed out: the check of the session must not drop the status it is reading (it once did).
  it('shows the date’s facts, and an expired link says so', async () => {
    mockApi({
      [SESSION]: SIGNED_OUT,
      'GET /api/date-status/good-token': {
        body: {
          member: { first_name: 'Bianca', checked_in: true },
          other: { first_name: 'Dante', verified: true, checked_in: false },
          time: {
            starts_at: startsAt.toISOString(),
            local: 'Mon, Nov 30 · 8:00 PM EST',
            time_zone: 'America/New_York',
          },
          place: { name: 'The Palm Court', address: '301 Biscayne Blvd', verified: true },
          status: 'Confirmed',
          timer: { state: 'running', check_at: null },
        },
      },
      'GET /api/date-status/old-token': apiError(404, 'NOT_FOUND', 'Not found'),
    });
    const { unmount } = renderApp('/date-status/good-token');
    expect(await screen.findByText(/Bianca is meeting Dante/)).toBeInTheDocument();
    expect(screen.getByText('Mon, Nov 30 · 8:00 PM EST')).toBeInTheDocument();
    expect(screen.getByText('Bianca checked in at the place')).toBeInTheDocument();
    expect(screen.getByText('Dante has not checked in')).toBeInTheDocument();
    expect(screen.getByText('A safety timer is set')).toBeInTheDocument();
    unmount();
    renderApp('/date-status/old-token');
    expect(await screen.findByText(STATUS_LINK_GONE_TEXT)).toBeInTheDocument();
  });
});

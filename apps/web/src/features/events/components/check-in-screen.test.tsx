import { ERROR_MESSAGES } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sameCodeGate } from '@/components/qr/same-code-gate';
import { readQrFromImageFile } from '@/lib/read-qr';
import CheckInRoute, { CHECK_IN_MANAGERS_ONLY_TEXT } from '../routes/check-in';
import { NO_QR_IN_PHOTO_TEXT } from './check-in-photo-input';
import { CAMERA_REFUSED_TEXT, CheckInScreen } from './check-in-screen';
import { makeArrivals, makeCheckInReply, makeDoorEvent, makeManager } from './check-in-test-fixtures';

// The decoder is replaced: these tests are about the screen; lib/read-qr.test.ts reads real QR images.
vi.mock('@/lib/read-qr', () => ({
  readQrFromImageFile: vi.fn(),
  readQrFromPixels: vi.fn(() => null),
}));

const CODE = 'RC1.abc123.signature';
// 9:42 PM on the night of the event in Los Angeles (PST).
const ARRIVED_AT = '2026-03-08T05:42:00.000Z';

function renderDoor(checkInReply: Parameters<typeof mockApi>[0][string]) {
  const event = makeDoorEvent();
  let arrived: string | null = null;
  const api = mockApi({
    [`GET /api/events/${event.id}`]: { body: event },
    [`GET /api/events/${event.id}/arrivals`]: () => ({ body: makeArrivals(arrived) }),
    [`POST /api/events/${event.id}/check-in`]: async (request) => {
      const reply = typeof checkInReply === 'function' ? await checkInReply(request) : checkInReply;
      if ((reply.status ?? 200) < 300) arrived = ARRIVED_AT;
      return reply;
    },
  });
  const view = renderSignedIn(<CheckInScreen eventId={event.id} />, { me: makeManager() });
  return { ...view, api, event };
}

const result = () => screen.getByRole('status', { name: 'Check-in result' });

/** Gives the page a camera API (happy-dom has none); taken away again after each test. */
function provideCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

describe('CheckInScreen', () => {
  beforeEach(() => {
    vi.mocked(readQrFromImageFile).mockReset();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('checks a typed code in, shows the guest large, and reads the door list again', async () => {
    const { user, api, event } = renderDoor({ body: makeCheckInReply(ARRIVED_AT) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Masquerade' })).toBeInTheDocument();
    expect(await screen.findByTestId('arrival-counts')).toHaveTextContent('0 of 2 arrived');

    await user.type(screen.getByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check In' }));

    await waitFor(() => expect(result()).toHaveTextContent('Checked in'));
    expect(result()).toHaveTextContent('Isabella');
    expect(within(result()).getByText('Chemistry Tier')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/events/${event.id}/check-in`)[0]?.body).toEqual({ code: CODE });
    // Accepted: the field is emptied for the next guest, and the list counts the arrival.
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');
    await waitFor(() => expect(screen.getByTestId('arrival-counts')).toHaveTextContent('1 of 2 arrived'));
    expect(within(screen.getByRole('list', { name: 'Guests' })).getByText('9:42 PM')).toBeInTheDocument();
  });

  it('says when a ticket already used came in', async () => {
    const { user } = renderDoor({ body: makeCheckInReply(ARRIVED_AT, true) });
    await user.type(await screen.findByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    await waitFor(() => expect(result()).toHaveTextContent('Already checked in at 9:42 PM'));
    expect(result()).not.toHaveTextContent(/^Checked in/);
    expect(result().querySelector('[data-result]')).toHaveAttribute('data-result', 'repeat');
  });

  it('shows the server’s reason for a ticket it refuses, and keeps the code to correct', async () => {
    const { user } = renderDoor(apiError(422, 'TICKET_INVALID', ERROR_MESSAGES.TICKET_INVALID));
    await user.type(await screen.findByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    await waitFor(() => expect(result()).toHaveTextContent(ERROR_MESSAGES.TICKET_INVALID));
    expect(result().querySelector('[data-result]')).toHaveAttribute('data-result', 'refused');
    expect(screen.getByLabelText('Ticket code')).toHaveValue(CODE);
  });

  it('asks for a code before sending an empty one', async () => {
    const { user, api, event } = renderDoor({ body: makeCheckInReply(ARRIVED_AT) });
    await user.click(await screen.findByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Enter the ticket code')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/events/${event.id}/check-in`)).toHaveLength(0);
  });

  it('checks in the code read from a chosen photo, and says when a photo has none', async () => {
    const { user, api, event } = renderDoor({ body: makeCheckInReply(ARRIVED_AT) });
    const photo = new File(['png'], 'ticket.png', { type: 'image/png' });
    const input = await screen.findByLabelText('Choose a photo of the ticket');

    vi.mocked(readQrFromImageFile).mockResolvedValueOnce(null);
    await user.upload(input, photo);
    expect(await screen.findByText(NO_QR_IN_PHOTO_TEXT)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/events/${event.id}/check-in`)).toHaveLength(0);

    vi.mocked(readQrFromImageFile).mockResolvedValueOnce(CODE);
    await user.upload(input, photo);
    await waitFor(() => expect(result()).toHaveTextContent('Checked in'));
    expect(readQrFromImageFile).toHaveBeenLastCalledWith(photo);
    expect(api.callsTo(`POST /api/events/${event.id}/check-in`)[0]?.body).toEqual({ code: CODE });
  });

  it('asks for the camera only on Start camera, and stops it when the screen is left', async () => {
    const track = { stop: vi.fn() };
    // happy-dom's MediaStream (the only kind a video accepts) has no getTracks: given one here.
    const stream = Object.assign(new MediaStream(), { getTracks: () => [track] });
    const getUserMedia = vi.fn(async () => stream);
    provideCamera(getUserMedia);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user, unmount } = renderDoor({ body: makeCheckInReply(ARRIVED_AT) });

    const start = await screen.findByRole('button', { name: 'Start camera' });
    expect(getUserMedia).not.toHaveBeenCalled();
    await user.click(start);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    expect(await screen.findByRole('button', { name: 'Stop camera' })).toBeInTheDocument();

    unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it('says what to do when the camera is refused', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    provideCamera(getUserMedia);
    const { user } = renderDoor({ body: makeCheckInReply(ARRIVED_AT) });
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect(await screen.findByText(CAMERA_REFUSED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeInTheDocument();
  });

  it('shows Event Not Found for an event that does not exist', async () => {
    const id = '30000000-0000-4000-8000-000000000001';
    mockApi({ [`GET /api/events/${id}`]: apiError(404, 'EVENT_NOT_FOUND', 'Event Not Found') });
    renderSignedIn(<CheckInScreen eventId={id} />, { me: makeManager() });
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });
});

describe('CheckInRoute', () => {
  it('refuses members who are not admins or promoters, without asking the API', () => {
    renderSignedIn(<CheckInRoute />, { me: makeMe({ tier_level: 4 }) });
    expect(screen.getByText(CHECK_IN_MANAGERS_ONLY_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start camera' })).toBeNull();
  });

  it('answers Event Not Found for an id that cannot name an event, without asking the API', () => {
    // Outside a route with :id, as at /events/not-an-id/check-in: no id to read.
    renderSignedIn(<CheckInRoute />, { me: makeManager() });
    expect(screen.getByRole('heading', { name: 'Event Not Found' })).toBeInTheDocument();
  });
});

describe('sameCodeGate', () => {
  it('lets a code through once while it stays in view, and again after a pause', () => {
    let now = 0;
    const gate = sameCodeGate(4000, () => now);
    expect(gate('A')).toBe(true);
    // Thirty frames in a second and a half, then held for ten seconds more: still one post.
    for (let frame = 0; frame < 30; frame++) {
      now += 50;
      expect(gate('A')).toBe(false);
    }
    for (let second = 0; second < 10; second++) {
      now += 1000;
      expect(gate('A')).toBe(false);
    }
    // Another ticket at once; that one again only after it was out of sight for the whole pause.
    expect(gate('B')).toBe(true);
    now += 3999;
    expect(gate('B')).toBe(false);
    now += 4000;
    expect(gate('B')).toBe(true);
  });
});

import { capabilitiesOf, EVENT_PHOTO_MESSAGES, type EventPhotos, type Me } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { makeEventCard, makeMe } from '@test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEventRoute } from '../routes/test-render';

function promoter(): Me {
  const me = makeMe({ roles: ['user', 'promoter'] });
  return { ...me, capabilities: capabilitiesOf(me) };
}

const photoOf = (eventId: string, id: string) => ({
  id,
  url: `/api/events/${eventId}/photos/${id}?size=large`,
  thumb_url: `/api/events/${eventId}/photos/${id}?size=small`,
});

const PHOTO_A = '00000000-0000-4000-8000-0000000000a1';
const PHOTO_B = '00000000-0000-4000-8000-0000000000b2';

/**
 * XMLHttpRequest as the upload helper uses it (fetch cannot report upload progress): records where
 * the form went, reports half the bytes sent, then answers with `FakeUpload.reply` once released.
 */
class FakeUpload {
  static sent: { url: string; form: FormData }[] = [];
  static reply: { status: number; body: unknown } = { status: 201, body: {} };
  static release: (() => void) | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    FakeUpload.release = () => {
      this.status = FakeUpload.reply.status;
      this.responseText = JSON.stringify(FakeUpload.reply.body);
      this.onload?.();
    };
  }
}

describe('the event form’s Photos', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.release = null;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });

  it('says a new event gets its photos after its first save', async () => {
    const api = mockApi({});
    renderEventRoute('/event/new', promoter());
    const section = await screen.findByRole('region', { name: 'Photos' });
    expect(within(section).getByText(EVENT_PHOTO_MESSAGES.createFirst)).toBeInTheDocument();
    expect(within(section).queryByLabelText(/Add Photo/)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the thumbnails, uploads with progress, and removes a photo', async () => {
    const event = makeEventCard({ can_manage: true, name: 'Velvet Night' });
    const before: EventPhotos = { photos: [photoOf(event.id, PHOTO_A)] };
    const after: EventPhotos = { photos: [photoOf(event.id, PHOTO_A), photoOf(event.id, PHOTO_B)] };
    const api = mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: before },
      [`DELETE /api/events/${event.id}/photos/${PHOTO_A}`]: {
        body: { photos: [photoOf(event.id, PHOTO_B)] },
      },
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    const list = await screen.findByRole('list', { name: 'Photos of Velvet Night' });
    expect(within(list).getByRole('img', { name: 'Velvet Night, number 1 (cover)' })).toHaveAttribute(
      'src',
      before.photos[0]?.thumb_url,
    );

    FakeUpload.reply = { status: 201, body: after };
    const file = new File(['jpg'], 'rooftop.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/Add Photo/), file);
    // While it is sent: its progress, and no second upload at once.
    const progress = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByLabelText(/Add Photo/)).toBeNull();
    expect(FakeUpload.sent).toHaveLength(1);
    expect(FakeUpload.sent[0]?.url).toBe(`/api/events/${event.id}/photos`);
    expect(FakeUpload.sent[0]?.form.get('file')).toBeInstanceOf(File);

    FakeUpload.release?.();
    expect(await within(list).findByRole('img', { name: 'Velvet Night, number 2' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByLabelText(/Add Photo/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(within(list).getAllByRole('img')).toHaveLength(1));
    expect(api.callsTo(`DELETE /api/events/${event.id}/photos/${PHOTO_A}`)).toHaveLength(1);
    // The photos are not part of the form: nothing was saved.
    expect(api.callsTo(`PATCH /api/events/${event.id}`)).toHaveLength(0);
  });

  it('shows the server’s refusal in its own words, and hides Add Photo at six', async () => {
    const event = makeEventCard({ can_manage: true, name: 'Velvet Night' });
    const five = ['1', '2', '3', '4', '5'].map((n) =>
      photoOf(event.id, `00000000-0000-4000-8000-00000000000${n}`),
    );
    mockApi({
      [`GET /api/events/${event.id}`]: { body: event },
      [`GET /api/events/${event.id}/photos`]: { body: { photos: five } },
      [`DELETE /api/events/${event.id}/photos/${five[0]?.id}`]: apiError(404, 'NOT_FOUND', 'Photo not found'),
    });
    const { user } = renderEventRoute(`/event/${event.id}`, promoter());
    FakeUpload.reply = {
      status: 422,
      body: {
        error: {
          code: 'UPLOAD_REJECTED',
          message: EVENT_PHOTO_MESSAGES.notSafe,
          details: { reason: 'not_safe' },
        },
      },
    };
    await user.upload(
      await screen.findByLabelText(/Add Photo/),
      new File(['x'], 'x.jpg', { type: 'image/jpeg' }),
    );
    FakeUpload.release?.();
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_PHOTO_MESSAGES.notSafe);

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Photo not found'));

    // A sixth photo fills the event: Add Photo is gone.
    FakeUpload.reply = { status: 201, body: { photos: [...five, photoOf(event.id, PHOTO_B)] } };
    await user.upload(screen.getByLabelText(/Add Photo/), new File(['y'], 'y.jpg', { type: 'image/jpeg' }));
    FakeUpload.release?.();
    await waitFor(() => expect(screen.queryByLabelText(/Add Photo/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

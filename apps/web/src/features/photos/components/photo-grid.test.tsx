import type { MyPhoto } from '@royal/shared';
import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveId, PhotoGrid } from './photo-grid';

function photo(id: string, position: number, overrides: Partial<MyPhoto> = {}): MyPhoto {
  return {
    id,
    url: `/api/photos/${id}?size=large`,
    thumb_url: `/api/photos/${id}?size=small`,
    position,
    status: 'approved',
    rejection_reason: null,
    appeal_status: 'none',
    appeal_reason: null,
    appeal_submitted_at: null,
    moderated_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const three = () => ({
  photos: [
    photo(A, 0),
    photo(B, 1, { status: 'pending' }),
    photo(C, 2, { status: 'rejected', rejection_reason: 'Face not visible' }),
  ],
});

describe('moveId', () => {
  it('moves one id and keeps the rest in order; out of range changes nothing', () => {
    expect(moveId(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveId(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, 3)).toEqual(['a', 'b', 'c']);
  });
});

describe('PhotoGrid', () => {
  it('marks the main photo, pending and rejected ones, and offers an appeal for the rejection', async () => {
    mockApi({ [SESSION]: signedInAs(makeMe()), 'GET /api/me/photos': { body: three() } });
    renderSignedIn(<PhotoGrid />, { me: makeMe() });
    const tiles = await screen.findAllByTestId('photo-tile');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0] as HTMLElement).getByText('Main')).toBeInTheDocument();
    expect(within(tiles[1] as HTMLElement).getByTitle(/^Pending Review/)).toHaveTextContent('Pending Review');
    expect(within(tiles[2] as HTMLElement).getByText('Rejected')).toBeInTheDocument();
    expect(within(tiles[2] as HTMLElement).getByRole('button', { name: 'Appeal' })).toBeInTheDocument();
    expect(screen.getByText('Add Photo')).toBeInTheDocument();
    expect(screen.getByText('3/6')).toBeInTheDocument();
  });

  it('reorders from the keyboard: an arrow key on a handle moves the photo and saves the order', async () => {
    // The server's list, as the order route leaves it.
    let stored = three();
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/me/photos': () => ({ body: stored }),
      'PUT /api/me/photos/order': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        const byId = new Map(stored.photos.map((p) => [p.id, p]));
        stored = { photos: ids.map((id, position) => ({ ...(byId.get(id) as MyPhoto), position })) };
        return { body: stored };
      },
    });
    const { user } = renderSignedIn(<PhotoGrid />, { me: makeMe() });
    const handle = await screen.findByRole('button', { name: /Reorder photo 1 of 3/ });
    handle.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.callsTo('PUT /api/me/photos/order')).toHaveLength(1));
    expect(api.callsTo('PUT /api/me/photos/order')[0]?.body).toEqual({ ids: [B, A, C] });
    expect(await screen.findByText('Photo moved to position 2 of 3.')).toBeInTheDocument();
    // The moved photo keeps the keyboard.
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Reorder photo 2 of 3/),
    );
  });

  it('reorders by dragging one photo onto another', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/me/photos': { body: three() },
      'PUT /api/me/photos/order': { body: three() },
    });
    renderSignedIn(<PhotoGrid />, { me: makeMe() });
    const tiles = await screen.findAllByTestId('photo-tile');
    const data = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(tiles[2] as HTMLElement, { dataTransfer: data });
    fireEvent.dragOver(tiles[0] as HTMLElement, { dataTransfer: data });
    fireEvent.drop(tiles[0] as HTMLElement, { dataTransfer: data });
    await waitFor(() => expect(api.callsTo('PUT /api/me/photos/order')).toHaveLength(1));
    expect(api.callsTo('PUT /api/me/photos/order')[0]?.body).toEqual({ ids: [C, A, B] });
  });

  it('deletes a photo with the spec’s toast', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/me/photos': { body: three() },
      [`DELETE /api/me/photos/${A}`]: { body: { photos: three().photos.slice(1) } },
    });
    const { user } = renderSignedIn(<PhotoGrid />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Delete photo 1' }));
    expect(await screen.findByText('Photo deleted successfully!')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/me/photos/${A}`)).toHaveLength(1);
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const api = mockApi({ [SESSION]: signedInAs(makeMe()), 'GET /api/me/photos': { body: { photos: [] } } });
    const { user } = renderSignedIn(<PhotoGrid />, { me: makeMe() });
    const input = await screen.findByLabelText(/Add Photo/);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await screen.findByText('Failed to upload photo')).toBeInTheDocument();
    expect(
      screen.getByText('The photo is larger than 5 MB. Please choose a smaller one.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for an appeal reason before sending it', async () => {
    const api = mockApi({
      [SESSION]: signedInAs(makeMe()),
      'GET /api/me/photos': { body: three() },
      [`POST /api/me/photos/${C}/appeal`]: {
        body: photo(C, 2, {
          status: 'rejected',
          rejection_reason: 'Face not visible',
          appeal_status: 'submitted',
        }),
      },
    });
    const { user } = renderSignedIn(<PhotoGrid />, { me: makeMe() });
    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    await user.click(screen.getByRole('button', { name: 'Submit Appeal' }));
    expect(await screen.findByText('Please provide a reason for your appeal')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/me/photos/${C}/appeal`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Why should we look again?'), 'It is my face');
    await user.click(screen.getByRole('button', { name: 'Submit Appeal' }));
    expect(await screen.findByText('Appeal Submitted')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/me/photos/${C}/appeal`)[0]?.body).toEqual({ reason: 'It is my face' });
  });
});

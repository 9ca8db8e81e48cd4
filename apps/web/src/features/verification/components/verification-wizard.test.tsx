import type { MyVerification, VerificationRequest } from '@royal/shared';
import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LastVerificationNote } from './last-verification-note';
import { VerifyTrigger } from './verify-trigger';

const request: VerificationRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  verification_type: 'selfie',
  status: 'pending',
  id_type: 'passport',
  created_at: new Date().toISOString(),
  reviewed_at: null,
  rejection_reason: null,
};
const status = (overrides: Partial<MyVerification> = {}): MyVerification => ({
  verified: false,
  verified_at: null,
  request: null,
  ...overrides,
});

/** XMLHttpRequest as the upload helper uses it: records the form, reports progress, answers 201. */
class FakeUpload {
  static sent: FormData[] = [];
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
    FakeUpload.sent.push(form);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
    this.status = 201;
    this.responseText = JSON.stringify(request);
    queueMicrotask(() => this.onload?.());
  }
}

/** As the pages place them: the note on the last attempt beside the Verify button. */
const TriggerWithNote = () => (
  <>
    <LastVerificationNote />
    <VerifyTrigger />
  </>
);

describe('VerifyTrigger and the wizard', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    // jsdom has no object URLs (the previews) and no camera.
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('walks the five steps with the file fallback when there is no camera, and submits both images', async () => {
    let current = status();
    const api = mockApi({
      'GET /api/verification': () => ({ body: current }),
      // The member is read again after a submission.
      [SESSION]: signedInAs(makeMe({ verified: false })),
    });
    const { user } = renderSignedIn(<VerifyTrigger />, { me: makeMe({ verified: false }) });
    await user.click(await screen.findByRole('button', { name: 'Verify' }));

    const wizard = await screen.findByRole('dialog', { name: 'Get Verified' });
    expect(within(wizard).getByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'Start Verification' }));

    expect(
      await within(wizard).findByText('Camera not available. Upload a photo instead.'),
    ).toBeInTheDocument();
    expect(within(wizard).getByText('Step 2 of 5')).toBeInTheDocument();
    expect(within(wizard).getByRole('button', { name: 'Take Photo' })).toBeDisabled();
    const selfie = new File(['jpg'], 'me.jpg', { type: 'image/jpeg' });
    await user.upload(within(wizard).getByLabelText('Upload a photo instead'), selfie);
    expect(within(wizard).getByRole('img', { name: 'Your selfie' })).toBeInTheDocument();
    expect(within(wizard).getByRole('button', { name: 'Retake' })).toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'Continue' }));

    expect(within(wizard).getByText('Step 3 of 5')).toBeInTheDocument();
    await user.upload(
      within(wizard).getByLabelText('ID image'),
      new File(['png'], 'id.png', { type: 'image/png' }),
    );
    await user.click(within(wizard).getByRole('radio', { name: 'Passport' }));

    expect(await within(wizard).findByText('Step 4 of 5')).toBeInTheDocument();
    current = status({ request });
    await user.click(within(wizard).getByRole('button', { name: 'Submit for Review' }));

    expect(await within(wizard).findByText('Step 5 of 5')).toBeInTheDocument();
    expect(within(wizard).getByRole('heading', { name: 'Verification Submitted' })).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(1);
    const form = FakeUpload.sent[0] as FormData;
    expect(form.get('id_type')).toBe('passport');
    expect((form.get('selfie') as File).name).toBe('me.jpg');
    expect((form.get('id') as File).name).toBe('id.png');
    await user.click(within(wizard).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Verification pending review')).toBeInTheDocument();
    expect(api.callsTo('GET /api/verification').length).toBeGreaterThanOrEqual(2);
  });

  it('shows when the member was verified, and why a rejected attempt failed', async () => {
    mockApi({
      'GET /api/verification': {
        body: status({
          verified: true,
          verified_at: '2026-11-10T10:00:00Z',
          request: { ...request, status: 'approved' },
        }),
      },
    });
    renderSignedIn(<VerifyTrigger />, { me: makeMe({ verified: true }) });
    expect(await screen.findByText('Verified in November 2026')).toBeInTheDocument();
  });

  it('offers a new attempt after a rejection, with the reason', async () => {
    mockApi({
      'GET /api/verification': {
        body: status({
          request: {
            ...request,
            status: 'rejected',
            rejection_reason: 'Does not meet verification standards',
          },
        }),
      },
    });
    renderSignedIn(<TriggerWithNote />, { me: makeMe({ verified: false }) });
    expect(await screen.findByText(/Does not meet verification standards/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('says when the last attempt expired before review, and offers a new one', async () => {
    mockApi({
      'GET /api/verification': { body: status({ request: { ...request, status: 'expired' } }) },
    });
    const { user } = renderSignedIn(<TriggerWithNote />, { me: makeMe({ verified: false }) });
    expect(
      await screen.findByText('Your last verification expired before it was reviewed. You can submit again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/rejected/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('dialog', { name: 'Get Verified' })).toBeInTheDocument();
  });
});

import type { MyVerification } from '@royal/shared';
import { mockApi, SESSION, signedInAs } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProfileEditRoute from './profile-edit';

const expired: MyVerification = {
  verified: false,
  verified_at: null,
  request: {
    id: '11111111-1111-4111-8111-111111111111',
    verification_type: 'selfie',
    status: 'expired',
    id_type: 'passport',
    created_at: new Date(Date.now() - 31 * 86_400_000).toISOString(),
    reviewed_at: null,
    rejection_reason: null,
  },
};

describe('Edit Profile', () => {
  it("says in the Verify row that the member's last verification expired, and offers Verify", async () => {
    const me = makeMe({ verified: false });
    mockApi({
      [SESSION]: signedInAs(me),
      'GET /api/me/photos': { body: { photos: [] } },
      'GET /api/verification': { body: expired },
    });
    renderSignedIn(<ProfileEditRoute />, { me });
    const row = screen.getByTestId('verification-status');
    expect(
      await within(row).findByText(
        'Your last verification expired before it was reviewed. You can submit again.',
      ),
    ).toBeInTheDocument();
    expect(within(row).getByText('Not verified')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Verify' })).toBeEnabled();
  });
});

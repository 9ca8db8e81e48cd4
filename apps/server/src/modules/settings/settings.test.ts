import { DEFAULT_MEMBER_SETTINGS } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';

const t = useTestApp();

describe('member settings', () => {
  it('starts from the spec defaults', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'GET', '/api/me/settings', { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_MEMBER_SETTINGS);
    expect(res.json()).toMatchObject({
      profile_visibility: 'public',
      incognito_mode: false,
      dark_mode: true,
    });
  });

  it('persists a partial change and leaves the rest alone', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { dark_mode: false, profile_visibility: 'private' },
    });
    expect(res.statusCode).toBe(200);
    const again = (await request(t.app, 'GET', '/api/me/settings', { session })).json();
    expect(again).toEqual({ ...DEFAULT_MEMBER_SETTINGS, dark_mode: false, profile_visibility: 'private' });
  });

  it('keeps the night theme for a member who first changes another setting', async () => {
    const { session } = await signedInMember(t.app);
    await request(t.app, 'PATCH', '/api/me/settings', { session, body: { push_notifications: false } });
    expect((await request(t.app, 'GET', '/api/me/settings', { session })).json().dark_mode).toBe(true);
  });

  it('keeps settings per member', async () => {
    const a = await signedInMember(t.app);
    const b = await signedInMember(t.app);
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: a.session,
      body: { push_notifications: false },
    });
    expect(
      (await request(t.app, 'GET', '/api/me/settings', { session: b.session })).json().push_notifications,
    ).toBe(true);
  });

  it.each([
    [{ profile_visibility: 'everyone' }],
    [{ dark_mode: 'yes' }],
    [{ unknown_toggle: true }],
    [{ emergency_contact_phone: 'x'.repeat(200) }],
  ])('refuses %j without changing anything', async (body) => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { dark_mode: false, ...body },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await request(t.app, 'GET', '/api/me/settings', { session })).json().dark_mode).toBe(true);
  });

  it('refuses a signed-out caller', async () => {
    expect((await request(t.app, 'GET', '/api/me/settings')).statusCode).toBe(401);
    expect(
      (await request(t.app, 'PATCH', '/api/me/settings', { body: { dark_mode: true } })).statusCode,
    ).toBe(401);
  });
});

import { DEFAULT_MEMBER_SETTINGS, GHOST_MODE_TIER_REQUIRED_TEXT, PHONE_INVALID_TEXT } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { type MemberOptions, signedInMember } from '../../../test/factories';
import { profiles } from '../../db/schema';

const t = useTestApp();

/**
 * What a new factory member reads: the defaults, with discreet notifications on, since a new
 * profile says discretion is required (SIGNUP_DEFAULTS) and they have not chosen (issue 40).
 */
const NEW_MEMBER_SETTINGS = { ...DEFAULT_MEMBER_SETTINGS, discreet_notifications: true };

describe('member settings', () => {
  it('starts from the spec defaults', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'GET', '/api/me/settings', { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(NEW_MEMBER_SETTINGS);
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
    expect(again).toEqual({ ...NEW_MEMBER_SETTINGS, dark_mode: false, profile_visibility: 'private' });
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

describe('the emergency contact', () => {
  it('keeps the phone number in E.164 however it was typed, and the name on one line', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: '  Maria Lopez ', emergency_contact_phone: '(305) 555-0123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      emergency_contact_name: 'Maria Lopez',
      emergency_contact_phone: '+13055550123',
    });
    const abroad = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_phone: '+971 50 123 4567' },
    });
    expect(abroad.json().emergency_contact_phone).toBe('+971501234567');
    expect((await request(t.app, 'GET', '/api/me/settings', { session })).json()).toMatchObject({
      emergency_contact_name: 'Maria Lopez',
      emergency_contact_phone: '+971501234567',
    });
  });

  it('may be cleared', async () => {
    const { session } = await signedInMember(t.app);
    await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: 'Maria', emergency_contact_phone: '+1 212 555 0199' },
    });
    const cleared = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: null, emergency_contact_phone: null },
    });
    expect(cleared.json()).toMatchObject({ emergency_contact_name: null, emergency_contact_phone: null });
  });

  it.each([['12345'], ['call 305 555 0123'], ['050 123 4567'], ['+1 305 555 0123 ext. 9'], ['']])(
    'refuses the number %j with the form’s own words and saves nothing of the request',
    async (phone) => {
      const { session } = await signedInMember(t.app);
      const res = await request(t.app, 'PATCH', '/api/me/settings', {
        session,
        body: { emergency_contact_name: 'Maria', emergency_contact_phone: phone },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: PHONE_INVALID_TEXT,
        details: [{ path: 'emergency_contact_phone', message: PHONE_INVALID_TEXT }],
      });
      expect((await request(t.app, 'GET', '/api/me/settings', { session })).json()).toMatchObject({
        emergency_contact_name: null,
        emergency_contact_phone: null,
      });
    },
  );

  it('keeps an e-mail address trimmed and lower-cased, refuses one it cannot read, and may clear it', async () => {
    const { session } = await signedInMember(t.app);
    const saved = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: 'Maria', emergency_contact_email: '  Maria.Lopez@Example.TEST ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().emergency_contact_email).toBe('maria.lopez@example.test');
    for (const email of ['maria', 'maria@', '@example.test', 'maria lopez@example.test', '', 7]) {
      const refused = await request(t.app, 'PATCH', '/api/me/settings', {
        session,
        body: { emergency_contact_email: email },
      });
      expect(refused.statusCode, JSON.stringify(email)).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
      if (typeof email === 'string')
        expect(refused.json().error).toMatchObject({
          message: 'Please enter a valid email address',
          details: [{ path: 'emergency_contact_email', message: 'Please enter a valid email address' }],
        });
    }
    const long = `${'m'.repeat(250)}@example.test`;
    expect(
      (
        await request(t.app, 'PATCH', '/api/me/settings', {
          session,
          body: { emergency_contact_email: long },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await request(t.app, 'GET', '/api/me/settings', { session })).json().emergency_contact_email,
    ).toBe('maria.lopez@example.test');
    const cleared = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_email: null },
    });
    expect(cleared.json()).toMatchObject({ emergency_contact_name: 'Maria', emergency_contact_email: null });
  });

  it('refuses a name of more than one line', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: 'Maria\nLopez' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'emergency_contact_name', message: 'Names must fit on one line' },
    ]);
  });
});

describe('discreet notifications, quiet hours and blurred photos (issue 40)', () => {
  const get = async (session: Session) =>
    (await request(t.app, 'GET', '/api/me/settings', { session })).json();
  const patch = (session: Session, body: unknown) =>
    request(t.app, 'PATCH', '/api/me/settings', { session, body });
  const discretion = (userId: string, discretionRequired: boolean) =>
    t.app.ctx.db.update(profiles).set({ discretionRequired }).where(eq(profiles.userId, userId));

  it('are discreet by default exactly when the profile asks for discretion, until the member chooses', async () => {
    const { session, member } = await signedInMember(t.app);
    expect((await get(session)).discreet_notifications).toBe(true);
    await discretion(member.id, false);
    expect((await get(session)).discreet_notifications).toBe(false);
    // Saving another setting writes the settings row: still unchosen, still the profile's.
    await patch(session, { dark_mode: false });
    await discretion(member.id, true);
    expect((await get(session)).discreet_notifications).toBe(true);
    // Once chosen, the choice holds whatever the profile says.
    const off = await patch(session, { discreet_notifications: false });
    expect(off.json().discreet_notifications).toBe(false);
    expect((await get(session)).discreet_notifications).toBe(false);
    await discretion(member.id, false);
    await patch(session, { discreet_notifications: true });
    expect((await get(session)).discreet_notifications).toBe(true);
  });

  it('keeps quiet hours, their zone and photo blurring as saved', async () => {
    const { session } = await signedInMember(t.app);
    expect(await get(session)).toMatchObject({
      quiet_hours_enabled: false,
      quiet_hours_start: '22:00',
      quiet_hours_end: '07:00',
      quiet_hours_zone: DEFAULT_MEMBER_SETTINGS.quiet_hours_zone,
      blur_photos: false,
    });
    const saved = await patch(session, {
      quiet_hours_enabled: true,
      quiet_hours_start: '23:30',
      quiet_hours_end: '06:15',
      quiet_hours_zone: 'Europe/Paris',
      blur_photos: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      quiet_hours_enabled: true,
      quiet_hours_start: '23:30',
      quiet_hours_end: '06:15',
      quiet_hours_zone: 'Europe/Paris',
      blur_photos: true,
    };
    expect(saved.json()).toMatchObject(expected);
    expect(await get(session)).toMatchObject(expected);
  });

  it.each([
    [{ quiet_hours_start: '24:00' }],
    [{ quiet_hours_end: '7:00' }],
    [{ quiet_hours_start: '22:00:00' }],
    [{ quiet_hours_zone: 'Mars/Olympus_Mons' }],
    [{ quiet_hours_zone: 'x'.repeat(65) }],
    [{ quiet_hours_enabled: 'yes' }],
    [{ discreet_notifications: null }],
    [{ blur_photos: 1 }],
  ])('refuses %j without changing anything', async (body) => {
    const { session } = await signedInMember(t.app);
    const res = await patch(session, { quiet_hours_enabled: true, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await get(session)).quiet_hours_enabled).toBe(false);
  });
});

describe('Ghost Mode', () => {
  const setGhostMode = (session: Session, ghost_mode: boolean) =>
    request(t.app, 'PATCH', '/api/me/settings', { session, body: { ghost_mode } });
  async function storedGhostMode(userId: string) {
    const [row] = await t.app.ctx.db
      .select({ ghostMode: profiles.ghostMode })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return row?.ghostMode;
  }

  /**
   * A Vault Verified woman and a man who would meet her everywhere: the only woman of her age in
   * this file (the feed filters on his preferred age) and found by her unique name in search.
   */
  async function ghostAndViewer(ghost: MemberOptions) {
    const age = 64;
    const her = await signedInMember(t.app, { userType: 'women', age, ...ghost });
    const him = await signedInMember(t.app, { tier: 4, userType: 'men', ageRange: [age, age] });
    const sees = async () => {
      const feed = await request(t.app, 'GET', '/api/discovery/feed', { session: him.session });
      const found = await request(t.app, 'GET', `/api/search?q=${encodeURIComponent(ghost.name ?? '')}`, {
        session: him.session,
      });
      const page = await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: him.session });
      const ids = (reply: typeof feed) => reply.json().items.map((c: { id?: string }) => c.id);
      return {
        feed: ids(feed).includes(her.member.id),
        search: ids(found).includes(her.member.id),
        page: page.statusCode,
      };
    };
    return { her, sees };
  }

  it('hides a paid-up Vault Verified member from everyone while on, and shows her again once off', async () => {
    const { her, sees } = await ghostAndViewer({ tier: 4, name: 'Ghostina Vault' });
    expect(await sees()).toEqual({ feed: true, search: true, page: 200 });

    const on = await setGhostMode(her.session, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ...NEW_MEMBER_SETTINGS, ghost_mode: true });
    expect(
      (await request(t.app, 'GET', '/api/me/settings', { session: her.session })).json().ghost_mode,
    ).toBe(true);
    expect((await request(t.app, 'GET', '/api/me', { session: her.session })).json().ghost_mode).toBe(true);
    expect(await sees()).toEqual({ feed: false, search: false, page: 404 });

    expect((await setGhostMode(her.session, false)).json().ghost_mode).toBe(false);
    expect(await sees()).toEqual({ feed: true, search: true, page: 200 });
  });

  it('lets a sponsored member turn it on', async () => {
    const { session, member } = await signedInMember(t.app, {
      tier: 1,
      subscriptionActive: false,
      sponsored: true,
    });
    expect((await setGhostMode(session, true)).statusCode).toBe(200);
    expect(await storedGhostMode(member.id)).toBe(true);
  });

  it('refuses a tier 3 member with TIER_REQUIRED and changes nothing in the same request', async () => {
    const { session, member } = await signedInMember(t.app, { tier: 3 });
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { ghost_mode: true, dark_mode: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'TIER_REQUIRED', message: GHOST_MODE_TIER_REQUIRED_TEXT });
    expect(await storedGhostMode(member.id)).toBe(false);
    expect((await request(t.app, 'GET', '/api/me/settings', { session })).json().dark_mode).toBe(true);
  });

  it('refuses a Vault Verified member whose plan has ended, yet always lets a member turn it off', async () => {
    const { session, member } = await signedInMember(t.app, {
      tier: 4,
      subscriptionActive: true,
      subscriptionEndsAt: new Date(Date.now() - 60_000),
      ghostMode: true,
    });
    expect((await setGhostMode(session, true)).json().error.code).toBe('SUBSCRIPTION_INACTIVE');
    expect((await setGhostMode(session, false)).statusCode).toBe(200);
    expect(await storedGhostMode(member.id)).toBe(false);
  });
});

// PGlite has a single connection, so only PostgreSQL can interleave two saves.
describe.skipIf(!onPostgres)('settings saved at the same moment (PostgreSQL)', () => {
  it('never deadlock, whichever of Ghost Mode and the other switches comes first', async () => {
    const { session } = await signedInMember(t.app, { tier: 4 });
    for (let round = 0; round < 10; round += 1) {
      const on = round % 2 === 0;
      const saves = await Promise.all([
        request(t.app, 'PATCH', '/api/me/settings', { session, body: { ghost_mode: on } }),
        request(t.app, 'PATCH', '/api/me/settings', { session, body: { show_online_status: !on } }),
        request(t.app, 'PATCH', '/api/me/settings', {
          session,
          body: { profile_visibility: on ? 'private' : 'public' },
        }),
      ]);
      expect(saves.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    }
  });
});

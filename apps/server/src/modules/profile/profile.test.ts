import { BIO_MIN, BIO_TOO_SHORT_TEXT, PREFERENCE_TEXTS, PROMPT_ANSWER_MAX } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import { photos, profiles } from '../../db/schema';

const t = useTestApp();

const onboarding = {
  name: 'Isabella',
  user_type: 'women',
  birth_date: '1994-05-17',
  location: { kind: 'city', city: 'Miami, FL' },
  looking_for: 'long_term',
  bio: 'Sunset sails, gallery openings and long dinners with good company.',
};

/** A member just after sign-up: not onboarded, no photo. */
const newcomer = () => signedInMember(t.app, { tier: 0, onboarded: false });

describe('onboarding', () => {
  it('keeps a new member out of discovery and search, and out of everyone else’s sight, until done', async () => {
    const fresh = await newcomer();
    const other = await signedInMember(t.app, { tier: 4, userType: 'men' });
    for (const [method, url] of [
      ['GET', '/api/discovery/feed'],
      ['GET', '/api/search'],
      ['POST', '/api/discovery/reset'],
    ] as const) {
      const res = await request(t.app, method, url, { session: fresh.session });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toEqual({
        code: 'ONBOARDING_REQUIRED',
        message: 'Finish setting up your profile to start meeting members',
      });
    }
    const me = (await request(t.app, 'GET', '/api/me', { session: fresh.session })).json();
    expect(me).toMatchObject({ onboarded: false, next_step: 'onboarding' });
    const seen = await request(t.app, 'GET', `/api/members/${fresh.member.id}`, { session: other.session });
    expect(seen.statusCode).toBe(404);
  });

  it('needs a first photo, then turns the answers into the profile', async () => {
    const fresh = await newcomer();
    const noPhoto = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: onboarding,
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error.details).toEqual([
      { path: 'photos', message: 'Please add a first photo of yourself' },
    ]);

    expect((await uploadAs(t.app, fresh.session, await plainJpeg())).statusCode).toBe(201);
    const res = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: { ...onboarding, name: '  Isabella  ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      name: 'Isabella',
      user_type: 'women',
      gender: 'female',
      location: { city: 'Miami', state: 'FL' },
      preferences: { looking_for: 'long_term' },
      onboarded: true,
      next_step: null,
    });
    expect(me.age).toBeGreaterThanOrEqual(31);
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, fresh.member.id));
    expect(row?.birthDate).toBe('1994-05-17');
    // Discovery opens at once (the actor is re-read after the change).
    expect((await request(t.app, 'GET', '/api/discovery/feed', { session: fresh.session })).statusCode).toBe(
      200,
    );
    const again = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: onboarding,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to finish without a bio of at least BIO_MIN characters, and stores the one given', async () => {
    const fresh = await newcomer();
    await uploadAs(t.app, fresh.session, await plainJpeg());
    const { bio: _, ...withoutBio } = onboarding;
    const missing = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: withoutBio,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'bio' }] });
    for (const bio of ['', `  ${'x'.repeat(BIO_MIN - 1)}  `]) {
      const res = await request(t.app, 'POST', '/api/me/onboarding', {
        session: fresh.session,
        body: { ...onboarding, bio },
      });
      expect(res.statusCode, bio).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'bio', message: BIO_TOO_SHORT_TEXT }],
      });
    }
    const [still] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, fresh.member.id));
    expect(still?.onboardedAt).toBeNull();

    const res = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: { ...onboarding, bio: `  ${'x'.repeat(BIO_MIN)}  ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bio).toBe('x'.repeat(BIO_MIN));
  });

  it('does not count a rejected photo as the first photo', async () => {
    const fresh = await newcomer();
    const id = (await uploadAs(t.app, fresh.session, await plainJpeg())).json().id;
    await t.app.ctx.db
      .update(photos)
      .set({ status: 'rejected', rejectionReason: 'No face' })
      .where(eq(photos.id, id));
    const res = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: onboarding,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses under 18 (the Observer tier’s minimum), a future date and malformed answers', async () => {
    const fresh = await newcomer();
    await uploadAs(t.app, fresh.session, await plainJpeg());
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const young = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: { ...onboarding, birth_date: seventeen },
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().error.message).toBe('You must be at least 18 to join the Royal Circle');
    for (const body of [
      { ...onboarding, birth_date: '17-05-1994' },
      { ...onboarding, user_type: 'couple' },
      { ...onboarding, name: ' ' },
      { ...onboarding, looking_for: 'serious' },
      { ...onboarding, location: { kind: 'city', city: 'Atlantis, XX' } },
      { ...onboarding, verified: true },
    ]) {
      const res = await request(t.app, 'POST', '/api/me/onboarding', { session: fresh.session, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('asks 21+ of a member already on a paid tier', async () => {
    const paid = await signedInMember(t.app, { tier: 2, onboarded: false });
    await uploadAs(t.app, paid.session, await plainJpeg());
    const twenty = `${new Date().getUTCFullYear() - 20}-01-01`;
    const res = await request(t.app, 'POST', '/api/me/onboarding', {
      session: paid.session,
      body: { ...onboarding, birth_date: twenty },
    });
    expect(res.json().error.message).toBe('You must be at least 21 to join the Royal Circle');
  });

  it('is refused signed out', async () => {
    expect((await request(t.app, 'POST', '/api/me/onboarding', { body: onboarding })).statusCode).toBe(401);
  });
});

describe('PATCH /api/me/profile', () => {
  const full = {
    name: 'Sofia',
    bio: 'Art, wine, long weekends and the odd opera.',
    location: { kind: 'city', city: 'New York, NY' },
    body_type: 'athletic',
    height: `5'7"`,
    ethnicity: 'hispanic',
    looking_for: 'luxury_experiences',
    age_range: [25, 45],
    distance_preference: 35,
    travel_willing: true,
    discretion_required: false,
    lifestyle_tags: ['fine_dining', 'yachts'],
    compensation_preference: 'allowances',
    open_to_companions_only: true,
  };

  it('saves every Edit Profile field for a woman', async () => {
    const { session } = await signedInMember(t.app, { userType: 'women' });
    const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Sofia',
      bio: 'Art, wine, long weekends and the odd opera.',
      location: { city: 'New York', state: 'NY' },
      body_type: 'athletic',
      height: `5'7"`,
      ethnicity: 'hispanic',
      lifestyle_tags: ['fine_dining', 'yachts'],
      open_to_companions_only: true,
      preferences: {
        looking_for: 'luxury_experiences',
        age_range: [25, 45],
        distance_preference: 35,
        travel_willing: true,
        discretion_required: false,
        compensation_preference: 'allowances',
      },
    });
    // Only what is sent changes.
    const bio = 'Sailing on Sundays, galleries on Thursdays, and good company always.';
    const partial = await request(t.app, 'PATCH', '/api/me/profile', { session, body: { bio } });
    expect(partial.json()).toMatchObject({ bio, name: 'Sofia', height: `5'7"` });
    // A bio can be rewritten, never emptied or cut below BIO_MIN (no placeholder people, decision 039).
    for (const short of ['', 'Hi there']) {
      const refused = await request(t.app, 'PATCH', '/api/me/profile', { session, body: { bio: short } });
      expect(refused.statusCode, short).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'bio', message: BIO_TOO_SHORT_TEXT }],
      });
    }
    expect((await request(t.app, 'GET', '/api/me', { session })).json()).toMatchObject({ bio });
  });

  it('refuses Additional Preferences for a man, and never writes verified, tier or age', async () => {
    const { member, session } = await signedInMember(t.app, { userType: 'men', tier: 1 });
    const women = await request(t.app, 'PATCH', '/api/me/profile', {
      session,
      body: { compensation_preference: 'allowances' },
    });
    expect(women.statusCode).toBe(400);
    expect(women.json().error.details).toEqual([
      { path: 'compensation_preference', message: 'Additional Preferences are only for women members' },
    ]);
    for (const body of [{ verified: true }, { tier_level: 4 }, { age: 19 }, { name: 'Ok', verified: true }]) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.app.ctx.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(row).toMatchObject({ verified: false, tierLevel: 1, age: 30 });
  });

  it('validates the limits: bio 500, ages 18–65 in order, distance 5–100 in fives, known enumerations', async () => {
    const { session } = await signedInMember(t.app, { userType: 'women' });
    const ok = await request(t.app, 'PATCH', '/api/me/profile', {
      session,
      body: { bio: 'x'.repeat(500), age_range: [18, 65], distance_preference: 100 },
    });
    expect(ok.statusCode).toBe(200);
    for (const body of [
      { bio: 'x'.repeat(501) },
      { age_range: [17, 30] },
      { age_range: [30, 66] },
      { age_range: [40, 30] },
      { distance_preference: 0 },
      { distance_preference: 105 },
      { distance_preference: 12 },
      { height: `7'0"` },
      { body_type: 'Athletic' },
      { ethnicity: 'martian' },
      { lifestyle_tags: ['skydiving'] },
      { lifestyle_tags: ['travel', 'travel'] },
      // The Settings page's words are taken (decision 049); a word of neither list is not.
      { looking_for: 'marriage' },
      { compensation_preference: 'salary' },
      { name: 'x'.repeat(61) },
    ]) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('dating preferences from the Settings page', () => {
  it('say which bound a value is past, in words', async () => {
    const { session } = await signedInMember(t.app, { userType: 'women' });
    for (const [body, path, message] of [
      [{ age_range: [17, 30] }, 'age_range.0', PREFERENCE_TEXTS.ageMinTooLow],
      [{ age_range: [30, 66] }, 'age_range.1', PREFERENCE_TEXTS.ageMaxTooHigh],
      [{ age_range: [40, 30] }, 'age_range', PREFERENCE_TEXTS.ageMinAboveMax],
      [{ distance_preference: 0 }, 'distance_preference', PREFERENCE_TEXTS.distance],
      [{ distance_preference: 105 }, 'distance_preference', PREFERENCE_TEXTS.distance],
    ] as const) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message, details: [{ path, message }] });
    }
    // Nothing of a refused request is kept: the sign-up defaults are still there.
    expect((await request(t.app, 'GET', '/api/me', { session })).json().preferences).toMatchObject({
      distance_preference: 25,
    });
  });

  it('store the spec’s Settings-page words as the Edit Profile values they map to', async () => {
    const { session } = await signedInMember(t.app, { userType: 'women' });
    const res = await request(t.app, 'PATCH', '/api/me/profile', {
      session,
      body: {
        age_range: [21, 35],
        distance_preference: 25,
        looking_for: 'serious',
        compensation_preference: 'mutual_benefit',
        travel_willing: true,
        discretion_required: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().preferences).toEqual({
      age_range: [21, 35],
      distance_preference: 25,
      looking_for: 'long_term',
      compensation_preference: 'allowances',
      travel_willing: true,
      discretion_required: true,
    });
  });

  it('change only the caller’s own profile', async () => {
    const caller = await signedInMember(t.app, { userType: 'women' });
    const other = await signedInMember(t.app, { userType: 'women' });
    const before = (await request(t.app, 'GET', '/api/me', { session: other.session })).json().preferences;
    const res = await request(t.app, 'PATCH', '/api/me/profile', {
      session: caller.session,
      body: { distance_preference: 90, user_id: other.member.id },
    });
    expect(res.statusCode).toBe(400);
    await request(t.app, 'PATCH', '/api/me/profile', {
      session: caller.session,
      body: { distance_preference: 90 },
    });
    expect((await request(t.app, 'GET', '/api/me', { session: other.session })).json().preferences).toEqual(
      before,
    );
  });
});

describe('profile prompts', () => {
  const answer = (prompt: string, text = 'A rooftop, a string quartet and good company.') => ({
    prompt,
    answer: text,
  });

  it('saves up to three answered prompts from the list, shown to the member and on their profile page', async () => {
    const her = await signedInMember(t.app, { userType: 'women', tier: 2 });
    const viewer = await signedInMember(t.app, { userType: 'men', tier: 2 });
    const prompts = [answer('perfect_evening'), answer('green_flag', '  Kindness to waiters.  ')];
    const res = await request(t.app, 'PATCH', '/api/me/profile', { session: her.session, body: { prompts } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = [answer('perfect_evening'), answer('green_flag', 'Kindness to waiters.')];
    expect(res.json().prompts).toEqual(saved);
    const page = await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: viewer.session });
    expect(page.json().prompts).toEqual(saved);
    // Removing them all leaves none.
    await request(t.app, 'PATCH', '/api/me/profile', { session: her.session, body: { prompts: [] } });
    expect((await request(t.app, 'GET', '/api/me', { session: her.session })).json().prompts).toEqual([]);
  });

  it('refuses an unknown prompt, a fourth one, one twice, and an empty or too long answer', async () => {
    const { session } = await signedInMember(t.app, { userType: 'women' });
    for (const prompts of [
      [answer('favourite_colour')],
      [answer('perfect_evening'), answer('best_trip'), answer('green_flag'), answer('weekend')],
      [answer('best_trip'), answer('best_trip', 'Again')],
      [answer('best_trip', '   ')],
      [answer('best_trip', 'x'.repeat(PROMPT_ANSWER_MAX + 1))],
      [{ ...answer('best_trip'), extra: true }],
    ]) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body: { prompts } });
      expect(res.statusCode, JSON.stringify(prompts)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const ok = await request(t.app, 'PATCH', '/api/me/profile', {
      session,
      body: { prompts: [answer('best_trip', 'x'.repeat(PROMPT_ANSWER_MAX))] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('takes optional prompts at onboarding', async () => {
    const fresh = await newcomer();
    await uploadAs(t.app, fresh.session, await plainJpeg());
    const res = await request(t.app, 'POST', '/api/me/onboarding', {
      session: fresh.session,
      body: { ...onboarding, prompts: [answer('first_date')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prompts).toEqual([answer('first_date')]);
  });
});

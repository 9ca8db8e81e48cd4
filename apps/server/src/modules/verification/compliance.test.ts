import { AGE_CHECK_SKIP_TEXT, ERROR_MESSAGES, meSchema, PRIVACY_VERSION, TERMS_VERSION } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { sampleImage, upload } from '../../../test/uploads';
import { userCompliance } from '../../db/schema';

const t = useTestApp();

/** A member as sign-up makes them: nothing accepted yet. */
async function signUp() {
  const email = `gate-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await request(t.app, 'POST', '/api/auth/sign-up', {
    body: { email, password: 'sapphire-lounge' },
  });
  expect(res.statusCode).toBe(201);
  const user = meSchema.parse(res.json().user);
  return { user, session: { cookie: cookieFrom(res), userId: user.id } };
}

const accept = (
  session: { cookie: string; userId: string },
  document: 'terms' | 'privacy',
  version: string,
) => request(t.app, 'POST', `/api/compliance/${document}`, { session, body: { version } });

describe('the compliance gate', () => {
  it('holds a new member at the terms; every member route refuses until terms and privacy are accepted', async () => {
    const { user, session } = await signUp();
    expect(user.compliance).toEqual({
      terms_accepted: false,
      privacy_accepted: false,
      age_verified: false,
      id_check: 'none',
      next_step: 'terms',
    });
    const refused = await request(t.app, 'GET', '/api/discovery/feed', { session });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'COMPLIANCE_REQUIRED',
      message: ERROR_MESSAGES.COMPLIANCE_REQUIRED,
    });
    // The ID step cannot be reached before the legal documents either.
    expect((await request(t.app, 'POST', '/api/compliance/age/skip', { session })).statusCode).toBe(403);

    // Privacy before terms, or a version the member did not read, is refused.
    expect((await accept(session, 'privacy', PRIVACY_VERSION)).json().error.message).toBe(
      'Please accept the Terms of Service first',
    );
    expect((await accept(session, 'terms', '0.9')).statusCode).toBe(409);

    const afterTerms = await accept(session, 'terms', TERMS_VERSION);
    expect(afterTerms.statusCode).toBe(200);
    expect(afterTerms.json()).toMatchObject({
      terms_accepted: true,
      privacy_accepted: false,
      next_step: 'privacy',
    });
    expect((await request(t.app, 'GET', '/api/discovery/feed', { session })).statusCode).toBe(403);

    const afterPrivacy = await accept(session, 'privacy', PRIVACY_VERSION);
    expect(afterPrivacy.json()).toMatchObject({ privacy_accepted: true, next_step: 'age', id_check: 'none' });
    // At once, despite the actor cache: accepting drops the member's cached actor. The feed now
    // waits only for onboarding, the step after the gate.
    const feed = await request(t.app, 'GET', '/api/discovery/feed', { session });
    expect(feed.json().error.code).toBe('ONBOARDING_REQUIRED');
    expect((await request(t.app, 'GET', '/api/notifications', { session })).statusCode).toBe(200);

    const [stored] = await t.app.ctx.db
      .select()
      .from(userCompliance)
      .where(eq(userCompliance.userId, user.id));
    expect(stored).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(stored?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(stored?.privacyAcceptedAt).toBeInstanceOf(Date);

    const skipped = await request(t.app, 'POST', '/api/compliance/age/skip', { session });
    expect(skipped.json()).toMatchObject({ id_check: 'skipped', age_verified: false, next_step: 'done' });
    const me = await request(t.app, 'GET', '/api/me', { session });
    expect(me.json().compliance.next_step).toBe('done');
    expect(me.json().verified).toBe(false);
    expect(AGE_CHECK_SKIP_TEXT).toContain('stays unverified');
  });

  it('asks again when the stored terms are an older version', async () => {
    const { member, session } = await signedInMember(t.app);
    expect((await request(t.app, 'GET', '/api/discovery/feed', { session })).statusCode).toBe(200);
    await t.app.ctx.db
      .update(userCompliance)
      .set({ termsVersion: '0.9' })
      .where(eq(userCompliance.userId, member.id));
    await t.app.ctx.actors.invalidate([member.id]);
    const gate = await request(t.app, 'GET', '/api/compliance', { session });
    expect(gate.json()).toMatchObject({ terms_accepted: false, next_step: 'terms' });
    expect((await request(t.app, 'GET', '/api/discovery/feed', { session })).json().error.code).toBe(
      'COMPLIANCE_REQUIRED',
    );
  });

  it('takes the age check with an ID upload, which leaves the member pending review', async () => {
    const { user, session } = await signUp();
    await accept(session, 'terms', TERMS_VERSION);
    await accept(session, 'privacy', PRIVACY_VERSION);
    const res = await upload(
      t.app,
      '/api/compliance/id',
      session,
      { id_type: 'passport' },
      {
        id: { data: await sampleImage('jpeg'), filename: 'passport.jpg', type: 'image/jpeg' },
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ verification_type: 'id', status: 'pending', id_type: 'passport' });
    const gate = (await request(t.app, 'GET', '/api/compliance', { session })).json();
    expect(gate).toMatchObject({ id_check: 'pending', age_verified: false, next_step: 'done' });
    expect(user.id).toBe(session.userId);
  });

  it("reads only the member's own ID check, whoever else has submitted one", async () => {
    const first = await signUp();
    const second = await signUp();
    for (const { session } of [first, second]) {
      await accept(session, 'terms', TERMS_VERSION);
      await accept(session, 'privacy', PRIVACY_VERSION);
    }
    const res = await upload(
      t.app,
      '/api/compliance/id',
      first.session,
      { id_type: 'state_id' },
      {
        id: { data: await sampleImage(), filename: 'id.png', type: 'image/png' },
      },
    );
    expect(res.statusCode).toBe(201);
    expect(
      (await request(t.app, 'GET', '/api/compliance', { session: second.session })).json(),
    ).toMatchObject({
      id_check: 'none',
      next_step: 'age',
    });
    expect(
      (await request(t.app, 'GET', '/api/me', { session: second.session })).json().compliance,
    ).toMatchObject({
      id_check: 'none',
      next_step: 'age',
    });
    expect((await request(t.app, 'GET', '/api/compliance', { session: first.session })).json().id_check).toBe(
      'pending',
    );
  });

  it('refuses the gate routes to a signed-out caller', async () => {
    for (const url of ['/api/compliance/terms', '/api/compliance/privacy']) {
      expect((await request(t.app, 'POST', url, { body: { version: TERMS_VERSION } })).statusCode).toBe(401);
    }
    expect((await request(t.app, 'GET', '/api/compliance')).statusCode).toBe(401);
  });
});

describe('members written directly (tests, seed, journeys)', () => {
  it('are through the whole gate by default, and meet it from the start when asked', async () => {
    const { session } = await signedInMember(t.app);
    expect((await request(t.app, 'GET', '/api/compliance', { session })).json()).toMatchObject({
      next_step: 'done',
      id_check: 'skipped',
    });
    const before = await signedInMember(t.app, { compliant: false });
    expect(
      (await request(t.app, 'GET', '/api/compliance', { session: before.session })).json(),
    ).toMatchObject({
      next_step: 'terms',
    });
  });
});

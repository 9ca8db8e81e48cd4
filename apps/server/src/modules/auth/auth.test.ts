import { meSchema, PRIVACY_VERSION, TERMS_VERSION } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { cookieFrom, request, startTestApp, useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD, signedInMember } from '../../../test/factories';

const t = useTestApp();
const uniqueEmail = () => `new-${Math.random().toString(36).slice(2, 10)}@example.test`;

describe('sign-up', () => {
  it('creates the account with the spec defaults, signs in and returns the member', async () => {
    const email = uniqueEmail();
    const res = await request(t.app, 'POST', '/api/auth/sign-up', {
      body: { email, password: 'sapphire-lounge' },
    });
    expect(res.statusCode).toBe(201);
    const user = meSchema.parse(res.json().user);
    expect(user).toMatchObject({
      email,
      name: 'New User',
      age: 25,
      tier_level: 0,
      // No placeholder bio: the member writes one in onboarding.
      bio: '',
      location: { city: 'Los Angeles', state: 'CA' },
      preferences: { age_range: [21, 35], distance_preference: 25, looking_for: 'uncomplicated' },
      roles: ['user'],
      // The defaults are placeholders until onboarding: the member is sent there first.
      onboarded: false,
      next_step: 'onboarding',
    });
    expect(user.capabilities.can_swipe).toBe(false);
    const cookie = cookieFrom(res);
    expect(res.headers['set-cookie']?.toString()).toMatch(/HttpOnly/i);
    const me = await request(t.app, 'GET', '/api/me', { session: { cookie, userId: user.id } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('greets the new member with a system notice in the bell', async () => {
    const res = await request(t.app, 'POST', '/api/auth/sign-up', {
      body: { email: uniqueEmail(), password: 'sapphire-lounge' },
    });
    const session = { cookie: cookieFrom(res), userId: res.json().user.id as string };
    // The bell is part of the app: it opens once the compliance gate's documents are accepted.
    for (const [document, version] of [
      ['terms', TERMS_VERSION],
      ['privacy', PRIVACY_VERSION],
    ] as const) {
      const accepted = await request(t.app, 'POST', `/api/compliance/${document}`, {
        session,
        body: { version },
      });
      expect(accepted.statusCode).toBe(200);
    }
    const list = await request(t.app, 'GET', '/api/notifications', { session });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      unread_count: 1,
      items: [
        { type: 'system', title: 'Welcome to the Royal Circle', link: '/profile/edit', is_read: false },
      ],
    });
  });

  it('normalises the e-mail and refuses a second account for it', async () => {
    const email = uniqueEmail();
    await request(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: 'sapphire-lounge' } });
    const again = await request(t.app, 'POST', '/api/auth/sign-up', {
      body: { email: `  ${email.toUpperCase()} `, password: 'another-secret-9' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('answers sign-ups of one e-mail at the same moment with one account and EMAIL_TAKEN for the rest', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        request(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: 'sapphire-lounge' } }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'EMAIL_TAKEN',
        message: 'An account with this email already exists',
      });
    }
  });

  it.each([
    [
      'a short password',
      { password: '12345' },
      400,
      'VALIDATION_FAILED',
      'Password must be at least 6 characters',
    ],
    ['a malformed e-mail', { email: 'not-an-email' }, 400, 'VALIDATION_FAILED', undefined],
    ['a missing password', { password: undefined }, 400, 'VALIDATION_FAILED', undefined],
    ['a common password', { password: 'password123' }, 422, 'WEAK_PASSWORD', undefined],
  ])('refuses %s', async (_label, override, status, code, message) => {
    const body = { email: uniqueEmail(), password: 'sapphire-lounge', ...override };
    const res = await request(t.app, 'POST', '/api/auth/sign-up', { body });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('refuses a password equal to the e-mail', async () => {
    const email = uniqueEmail();
    const res = await request(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: email } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Password must not be the same as your email');
  });

  it('leaves nothing behind when sign-up is refused', async () => {
    const email = uniqueEmail();
    await request(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: 'password123' } });
    const signIn = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email, password: 'password123' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const member = await createMember(t.app, { tier: 2 });
    const res = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: member.id, tier_level: 2 });
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const member = await createMember(t.app);
    const wrong = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: 'not-it-at-all' },
    });
    const unknown = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: uniqueEmail(), password: 'whatever1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
  });

  it('refuses a malformed e-mail and an empty password with a validation error', async () => {
    const bad = await request(t.app, 'POST', '/api/auth/sign-in', { body: { email: 'nope', password: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const empty = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: uniqueEmail(), password: '' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a request from another origin', async () => {
    const member = await createMember(t.app);
    const res = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: FACTORY_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN');
  });
});

describe('sign-out', () => {
  it('ends this session only, or every session with scope global', async () => {
    const member = await createMember(t.app);
    const signIn = () =>
      request(t.app, 'POST', '/api/auth/sign-in', {
        body: { email: member.email, password: FACTORY_PASSWORD },
      }).then((r) => ({ cookie: cookieFrom(r), userId: member.id }));
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    expect(
      (await request(t.app, 'POST', '/api/auth/sign-out', { session: a, body: { scope: 'local' } }))
        .statusCode,
    ).toBe(204);
    expect((await request(t.app, 'GET', '/api/me', { session: a })).statusCode).toBe(401);
    expect((await request(t.app, 'GET', '/api/me', { session: b })).statusCode).toBe(200);
    expect(
      (await request(t.app, 'POST', '/api/auth/sign-out', { session: b, body: { scope: 'global' } }))
        .statusCode,
    ).toBe(204);
    expect((await request(t.app, 'GET', '/api/me', { session: c })).statusCode).toBe(401);
  });

  it('ends this session when asked with no body at all, as a plain API client may', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'POST', '/api/auth/sign-out', { session });
    expect(res.statusCode, res.body).toBe(204);
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(401);
  });

  it('is harmless when already signed out', async () => {
    const res = await request(t.app, 'POST', '/api/auth/sign-out', { body: {} });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toEqual([
      'rc.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
  });

  it('clears the __Secure- cookie, Secure, when already signed out over https', async () => {
    const secure = await startTestApp({ secureCookies: true });
    try {
      const res = await request(secure.app, 'POST', '/api/auth/sign-out', { body: {} });
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toEqual([
        '__Secure-rc.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
      ]);
    } finally {
      await secure.dispose();
    }
  });
});

describe('GET /api/me', () => {
  it('is 401 when signed out, with the spec message', async () => {
    const res = await request(t.app, 'GET', '/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
  });

  it('rejects a forged session cookie', async () => {
    const res = await request(t.app, 'GET', '/api/me', {
      session: { cookie: 'rc.session_token=forged.c2lnbmF0dXJl', userId: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

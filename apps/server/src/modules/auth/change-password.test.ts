import { CURRENT_PASSWORD_WRONG_TEXT, NEW_PASSWORD_SAME_TEXT } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { cookieFrom, request, type Session, useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD, type TestMember } from '../../../test/factories';

const t = useTestApp();
const NEW_PASSWORD = 'Moonlit-Terrace-88';

/** A real sign-in through the route: a session of its own, as on another device. */
async function signIn(member: TestMember, password = FACTORY_PASSWORD) {
  const res = await request(t.app, 'POST', '/api/auth/sign-in', { body: { email: member.email, password } });
  return { status: res.statusCode, session: { cookie: cookieFrom(res), userId: member.id } };
}

const changePassword = (session: Session | null, body: unknown) =>
  request(t.app, 'POST', '/api/auth/change-password', { session, body });

const meStatus = async (session: Session) => (await request(t.app, 'GET', '/api/me', { session })).statusCode;

describe('changing the password', () => {
  it('asks for the current password, signs out every other session and keeps this device signed in', async () => {
    const member = await createMember(t.app);
    const phone = (await signIn(member)).session;
    const laptop = (await signIn(member)).session;
    // Both sessions are in use (and so in the actor cache) before the change.
    expect([await meStatus(phone), await meStatus(laptop)]).toEqual([200, 200]);

    const res = await changePassword(phone, {
      current_password: FACTORY_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(204);

    expect(await meStatus(laptop)).toBe(401);
    // This device goes on in the new session its reply set; the old cookie is gone with the rest.
    const renewed = { cookie: cookieFrom(res), userId: member.id };
    expect(renewed.cookie).not.toBe('');
    expect(await meStatus(renewed)).toBe(200);
    expect(await meStatus(phone)).toBe(401);

    expect((await signIn(member, FACTORY_PASSWORD)).status).toBe(401);
    expect((await signIn(member, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password on its field and changes nothing', async () => {
    const member = await createMember(t.app);
    const phone = (await signIn(member)).session;
    const laptop = (await signIn(member)).session;
    const res = await changePassword(phone, {
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: CURRENT_PASSWORD_WRONG_TEXT,
      details: [{ path: 'current_password', message: CURRENT_PASSWORD_WRONG_TEXT }],
    });
    expect([await meStatus(phone), await meStatus(laptop)]).toEqual([200, 200]);
    expect((await signIn(member, NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(member, FACTORY_PASSWORD)).status).toBe(200);
  });

  it.each([
    [
      'a short new password',
      { new_password: '12345' },
      400,
      'VALIDATION_FAILED',
      'Password must be at least 6 characters',
    ],
    [
      'the same password again',
      { new_password: FACTORY_PASSWORD },
      400,
      'VALIDATION_FAILED',
      NEW_PASSWORD_SAME_TEXT,
    ],
    ['a common password', { new_password: 'password123' }, 422, 'WEAK_PASSWORD', undefined],
    [
      'no current password',
      { current_password: '' },
      400,
      'VALIDATION_FAILED',
      'Please enter your current password',
    ],
    ['an unknown field', { scope: 'global' }, 400, 'VALIDATION_FAILED', undefined],
  ])('refuses %s', async (_case, change, status, code, message) => {
    const member = await createMember(t.app);
    const { session } = await signIn(member);
    const res = await changePassword(session, {
      current_password: FACTORY_PASSWORD,
      new_password: NEW_PASSWORD,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await meStatus(session)).toBe(200);
  });

  it('refuses the member’s e-mail as the new password', async () => {
    const member = await createMember(t.app);
    const { session } = await signIn(member);
    const res = await changePassword(session, {
      current_password: FACTORY_PASSWORD,
      new_password: member.email,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Password must not be the same as your email');
  });

  it('refuses a signed-out caller', async () => {
    const res = await changePassword(null, {
      current_password: FACTORY_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('changes only the caller’s own password, whatever the body says', async () => {
    const caller = await createMember(t.app);
    const other = await createMember(t.app);
    const { session } = await signIn(caller);
    // There is no way to name another account: the session decides whose password changes.
    const res = await changePassword(session, {
      current_password: FACTORY_PASSWORD,
      new_password: NEW_PASSWORD,
      user_id: other.id,
    });
    expect(res.statusCode).toBe(400);
    const again = await changePassword(session, {
      current_password: FACTORY_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(again.statusCode).toBe(204);
    expect((await signIn(other, FACTORY_PASSWORD)).status).toBe(200);
    expect((await signIn(other, NEW_PASSWORD)).status).toBe(401);
  });
});

import { expect } from 'vitest';
import type { App } from '../src/app';
import { request, type Session } from './app';
import { FACTORY_PASSWORD, type TestMember } from './factories';

/** Delete Account through its route, with the factory password and DELETE typed unless told. */
export const deleteAccountThroughRoute = (
  app: App,
  session: Session | null,
  body: unknown = { password: FACTORY_PASSWORD, confirm: 'DELETE' },
) => request(app, 'POST', '/api/me/delete', { session, body });

/** Sign-in through the route, as the sign-in form does (the factories write sessions directly). */
export const signInThroughRoute = (app: App, email: string, password = FACTORY_PASSWORD) =>
  request(app, 'POST', '/api/auth/sign-in', { body: { email, password } });

/**
 * A deleted member as the world sees them (decision 052), whoever deleted them: their session is
 * gone, their credentials no longer sign in, and their address signs up again as a new member.
 * Call it last: the new sign-up puts the address back into the tables.
 */
export async function expectAccountDeleted(app: App, member: TestMember, session: Session) {
  expect((await request(app, 'GET', '/api/me', { session })).statusCode).toBe(401);
  expect((await signInThroughRoute(app, member.email)).statusCode).toBe(401);
  const again = await request(app, 'POST', '/api/auth/sign-up', {
    body: { email: member.email, password: 'A-new-start-2026' },
  });
  expect(again.statusCode, again.body).toBe(201);
  expect(again.json().user.id).not.toBe(member.id);
}

import { expect } from 'vitest';
import type { App } from '../src/app';
import { request, type Session } from './app';
import { createMember, signInAs } from './factories';

export type AdminRoute = readonly ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?];

/**
 * Every admin route refuses the signed out (401), members of every tier and promoters (FORBIDDEN),
 * an admin not enrolled in a second factor (SECOND_FACTOR_REQUIRED) and one whose session was not
 * confirmed with it (SECOND_FACTOR_UNCONFIRMED). Each route is called with its body, if given, so a
 * refusal is the access hook's and not the body's validation.
 */
export async function expectAdminOnly(app: App, routes: readonly AdminRoute[]) {
  const members = await Promise.all(
    ([0, 1, 2, 3, 4] as const).map(async (tier) => signInAs(app, await createMember(app, { tier }))),
  );
  const promoter = await signInAs(app, await createMember(app, { roles: ['user', 'promoter'] }));
  const noFactor = await signInAs(
    app,
    await createMember(app, { roles: ['user', 'admin'], secondFactor: false }),
  );
  const unconfirmed = await signInAs(app, await createMember(app, { roles: ['user', 'admin'] }), undefined, {
    secondFactor: false,
  });
  for (const [method, url, body] of routes) {
    const as = (session: Session | null) =>
      request(app, method, url, { session, ...(body === undefined ? {} : { body }) });
    expect((await as(null)).statusCode, url).toBe(401);
    for (const session of [...members, promoter]) {
      const res = await as(session);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('FORBIDDEN');
    }
    expect((await as(noFactor)).json().error.code, url).toBe('SECOND_FACTOR_REQUIRED');
    expect((await as(unconfirmed)).json().error.code, url).toBe('SECOND_FACTOR_UNCONFIRMED');
  }
}

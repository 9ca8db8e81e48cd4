import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';

const t = useTestApp({ demoMode: true });

describe('dev mailbox', () => {
  it('holds the welcome e-mail that sign-up sends, for admins', async () => {
    const email = `mailbox-${Date.now()}@example.test`;
    expect(
      (await request(t.app, 'POST', '/api/auth/sign-up', { body: { email, password: 'opal-terrace-5' } }))
        .statusCode,
    ).toBe(201);
    const { session } = await signedInMember(t.app, { roles: ['user', 'admin'] });
    const res = await request(t.app, 'GET', '/api/dev/mailbox', { session });
    expect(res.statusCode).toBe(200);
    expect(res.json().transport).toBe('outbox');
    expect(res.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: email,
          subject: 'Welcome to the Royal Circle',
          kind: 'notice',
          text: expect.stringContaining('Your account is ready.'),
          html: expect.stringContaining('<!DOCTYPE html>'),
          attempts: 0,
        }),
      ]),
    );
  });

  it('refuses members who are not admins, and signed-out callers', async () => {
    const { session } = await signedInMember(t.app, { roles: ['user', 'promoter'] });
    const res = await request(t.app, 'GET', '/api/dev/mailbox', { session });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await request(t.app, 'GET', '/api/dev/mailbox')).statusCode).toBe(401);
  });
});

describe('dev mailbox outside demo mode', () => {
  const live = useTestApp({ demoMode: false });
  it('does not exist, even for admins', async () => {
    const { session } = await signedInMember(live.app, { roles: ['user', 'admin'] });
    const res = await request(live.app, 'GET', '/api/dev/mailbox', { session });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

import { describe, expect, it } from 'vitest';
import { isAdminAccess, secondFactorRefusal } from './access';

describe('the admin second-factor gate', () => {
  const none = { enrolled: false, sessionConfirmed: false };
  const enrolledOnly = { enrolled: true, sessionConfirmed: false };
  const both = { enrolled: true, sessionConfirmed: true };

  it('applies to admin routes only', () => {
    expect(isAdminAccess({ role: 'admin' })).toBe(true);
    expect(isAdminAccess({ capability: 'manage_users' })).toBe(true);
    expect(isAdminAccess({ role: 'promoter' })).toBe(false);
    expect(isAdminAccess({ capability: 'moderate_content' })).toBe(false);
    expect(isAdminAccess('member')).toBe(false);
    expect(secondFactorRefusal(none, 'member')).toBeNull();
  });

  it('asks for enrolment first, then a confirmed session', () => {
    expect(secondFactorRefusal(none, { role: 'admin' })?.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(secondFactorRefusal(enrolledOnly, { role: 'admin' })?.code).toBe('SECOND_FACTOR_UNCONFIRMED');
    expect(secondFactorRefusal(both, { role: 'admin' })).toBeNull();
    // Signed out is the access rule's answer, not this one's.
    expect(secondFactorRefusal(null, { role: 'admin' })).toBeNull();
  });
});

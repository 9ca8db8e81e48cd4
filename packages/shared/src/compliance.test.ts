import { describe, expect, it } from 'vitest';
import { COMPLIANCE_REFUSAL, complianceRefusal } from './access';
import { hasAcceptedLegal, ID_CHECK_STATUSES, nextComplianceStep } from './compliance';
import { PRIVACY_VERSION, TERMS_VERSION } from './limits';

const current = { termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION };

describe('nextComplianceStep', () => {
  it('walks terms, privacy, then the age check, in that order', () => {
    expect(nextComplianceStep({ termsVersion: null, privacyVersion: null, idCheck: 'none' })).toBe('terms');
    // Privacy accepted but not the terms (e.g. after a new terms version): the terms come first.
    expect(
      nextComplianceStep({ termsVersion: null, privacyVersion: PRIVACY_VERSION, idCheck: 'approved' }),
    ).toBe('terms');
    expect(nextComplianceStep({ termsVersion: TERMS_VERSION, privacyVersion: null, idCheck: 'none' })).toBe(
      'privacy',
    );
    expect(nextComplianceStep({ ...current, idCheck: 'none' })).toBe('age');
  });

  it('is done once the age check was skipped or an ID submitted, whatever its review says', () => {
    for (const idCheck of ID_CHECK_STATUSES.filter((s) => s !== 'none')) {
      expect(nextComplianceStep({ ...current, idCheck })).toBe('done');
    }
  });

  it('asks again for a document accepted at an older version', () => {
    expect(nextComplianceStep({ ...current, termsVersion: '0.9', idCheck: 'approved' })).toBe('terms');
    expect(hasAcceptedLegal({ ...current, privacyVersion: '0.9' })).toBe(false);
    expect(hasAcceptedLegal(current)).toBe(true);
  });
});

describe('complianceRefusal', () => {
  it('refuses only non-public routes outside the gate, to members who have not accepted', () => {
    expect(complianceRefusal(false, 'member', false)).toEqual(COMPLIANCE_REFUSAL);
    expect(complianceRefusal(false, { role: 'admin' }, false)).toEqual(COMPLIANCE_REFUSAL);
    expect(complianceRefusal(false, 'member', true)).toBeNull();
    expect(complianceRefusal(false, 'public', false)).toBeNull();
    expect(complianceRefusal(true, 'member', false)).toBeNull();
    expect(COMPLIANCE_REFUSAL.code).toBe('COMPLIANCE_REQUIRED');
  });
});

import { describe, expect, it } from 'vitest';
import { PHONE_INVALID_TEXT, phoneToE164 } from './phone';
import { memberSettingsPatchSchema } from './schemas/settings';

describe('phoneToE164', () => {
  it.each([
    ['(305) 555-0123', '+13055550123'],
    ['305.555.0123', '+13055550123'],
    ['1-305-555-0123', '+13055550123'],
    ['  +1 (212) 555-0199 ', '+12125550199'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+971 50 123 4567', '+971501234567'],
  ])('reads %j as %s', (text, e164) => {
    expect(phoneToE164(text)).toBe(e164);
  });

  it.each([
    ['too short', '12345'],
    ['words around the number', 'call 305 555 0123'],
    ['an extension E.164 cannot keep', '+1 305 555 0123 ext. 12'],
    ['a local number of another country without its code', '050 123 4567'],
    ['an unknown country code', '+999 1234567'],
    ['nothing', ''],
  ])('refuses %s', (_case, text) => {
    expect(phoneToE164(text)).toBeNull();
  });
});

describe('the emergency contact phone of a settings change', () => {
  it('is stored in E.164 however it was typed', () => {
    expect(memberSettingsPatchSchema.parse({ emergency_contact_phone: '(305) 555-0123' })).toEqual({
      emergency_contact_phone: '+13055550123',
    });
  });

  it('may be cleared', () => {
    expect(memberSettingsPatchSchema.parse({ emergency_contact_phone: null })).toEqual({
      emergency_contact_phone: null,
    });
  });

  it('is refused with one message when it is not a number', () => {
    const issues = memberSettingsPatchSchema.safeParse({ emergency_contact_phone: '555-01' }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['emergency_contact_phone', PHONE_INVALID_TEXT],
    ]);
  });
});

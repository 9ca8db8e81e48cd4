import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  PASSWORD_SAME_AS_EMAIL_TEXT,
  PASSWORD_TOO_COMMON_TEXT,
  PASSWORD_TOO_LONG_TEXT,
  PASSWORD_TOO_SHORT_TEXT,
  passwordProblem,
} from './password';

describe('passwordProblem', () => {
  it('uses the spec text for short passwords', () => {
    expect(PASSWORD_TOO_SHORT_TEXT).toBe('Password must be at least 6 characters');
  });

  it.each<[string, string | null]>([
    ['', PASSWORD_TOO_SHORT_TEXT],
    ['x7#Qp', PASSWORD_TOO_SHORT_TEXT],
    ['x7#Qpz', null],
    [`${'a'.repeat(127)}Z`, null],
    [`${'a'.repeat(128)}Z`, PASSWORD_TOO_LONG_TEXT],
  ])('length boundary %#', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  it.each(['123456', 'password', 'Password1', 'QWERTY123', 'iloveyou'])(
    'refuses the common password %s',
    (pw) => {
      expect(passwordProblem(pw)).toBe(PASSWORD_TOO_COMMON_TEXT);
      expect(isCommonPassword(pw)).toBe(true);
    },
  );

  it.each(['      ', 'aaaaaa', 'ZZZZZZZZZZ'])('refuses one character repeated: %j', (pw) => {
    expect(passwordProblem(pw)).toBe(PASSWORD_TOO_COMMON_TEXT);
  });

  it('refuses the e-mail or its local part, ignoring case and spaces', () => {
    expect(passwordProblem('Jane.Doe@Example.com', ' jane.doe@example.com ')).toBe(
      PASSWORD_SAME_AS_EMAIL_TEXT,
    );
    expect(passwordProblem('JANE.DOE', 'jane.doe@example.com')).toBe(PASSWORD_SAME_AS_EMAIL_TEXT);
    expect(passwordProblem('jane.doe1', 'jane.doe@example.com')).toBeNull();
  });

  it('ignores a malformed e-mail without a local part', () => {
    expect(passwordProblem('example.com', '@example.com')).toBeNull();
  });

  it('checks length before anything else', () => {
    expect(passwordProblem('abc', 'abc@x.io')).toBe(PASSWORD_TOO_SHORT_TEXT);
  });

  it('accepts an unremarkable strong password', () => {
    expect(passwordProblem('velvet-Orbit-42', 'jane@example.com')).toBeNull();
    expect(isCommonPassword('velvet-Orbit-42')).toBe(false);
  });
});

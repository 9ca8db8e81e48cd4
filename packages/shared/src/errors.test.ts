import { describe, expect, it } from 'vitest';
import {
  AppError,
  apiErrorBodySchema,
  appError,
  appErrorFromResponse,
  ERROR_MESSAGES,
  ERROR_STATUS,
  ErrorCode,
  isAppError,
  isErrorCode,
  lockedProfileMessage,
  profileRestrictedMessage,
} from './errors';

describe('error catalogue', () => {
  it('gives every code a status and a message', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
    }
  });

  it.each<[ErrorCode, number]>([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['INVALID_CREDENTIALS', 401],
    ['TIER_REQUIRED', 403],
    ['NOT_FOUND', 404],
    ['EMAIL_TAKEN', 409],
    ['WEAK_PASSWORD', 422],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
    ['SERVICE_UNAVAILABLE', 503],
  ])('%s → %i', (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });

  it('uses the spec texts', () => {
    expect(ERROR_MESSAGES.INVALID_CREDENTIALS).toBe('Invalid email or password');
    expect(ERROR_MESSAGES.UNAUTHENTICATED).toBe('User not authenticated');
    expect(ERROR_MESSAGES.PROFILE_NOT_FOUND).toBe('Profile not found');
    expect(profileRestrictedMessage(3)).toBe(
      'This profile is only visible to Tier 3+ members. Upgrade your tier to view this profile.',
    );
    expect(lockedProfileMessage(2)).toBe('Upgrade to Tier 2 or higher to interact with this profile');
  });
});

describe('AppError', () => {
  it('defaults its message and status from the code', () => {
    const err = appError('PROFILE_NOT_FOUND');
    expect(err).toBeInstanceOf(Error);
    expect(isAppError(err)).toBe(true);
    expect(err.message).toBe('Profile not found');
    expect(err.status).toBe(404);
    expect(err.toBody()).toEqual({ error: { code: 'PROFILE_NOT_FOUND', message: 'Profile not found' } });
  });

  it('carries a custom message and details into the body', () => {
    const err = new AppError('VALIDATION_FAILED', 'Bad email', [{ path: ['email'] }]);
    const body = err.toBody();
    expect(body).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Bad email', details: [{ path: ['email'] }] },
    });
    expect(apiErrorBodySchema.safeParse(body).success).toBe(true);
  });

  it('round-trips through a reply', () => {
    const sent = appError('TIER_REQUIRED', 'Upgrade to Tier 1+ to send messages');
    const rebuilt = appErrorFromResponse(403, JSON.parse(JSON.stringify(sent.toBody())));
    expect(rebuilt.code).toBe('TIER_REQUIRED');
    expect(rebuilt.message).toBe('Upgrade to Tier 1+ to send messages');
    expect(rebuilt.status).toBe(403);
  });

  it.each<[number, unknown, ErrorCode, string]>([
    [502, '<html>Bad gateway</html>', 'SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE],
    [401, null, 'UNAUTHENTICATED', ERROR_MESSAGES.UNAUTHENTICATED],
    [418, {}, 'INTERNAL', ERROR_MESSAGES.INTERNAL],
    [409, { error: { code: 'FROM_THE_FUTURE', message: 'Newer server' } }, 'CONFLICT', 'Newer server'],
  ])('falls back on the status for a foreign body (%i)', (status, body, code, message) => {
    const err = appErrorFromResponse(status, body);
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
  });

  it('recognises codes', () => {
    expect(isErrorCode('BLOCKED')).toBe(true);
    expect(isErrorCode('blocked')).toBe(false);
    expect(isErrorCode(3)).toBe(false);
  });
});

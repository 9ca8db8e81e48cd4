import { z } from 'zod';
import {
  CHALLENGE_LOCKED_TEXT,
  INVALID_CODE_TEXT,
  SECOND_FACTOR_REQUIRED_TEXT,
  SECOND_FACTOR_UNCONFIRMED_TEXT,
} from './second-factor';
import { SPONSORED_MEMBER_HAS_PLAN_TEXT, SPONSORSHIP_LIMIT } from './sponsorship';
import { INVITE_INVALID_TEXT, INVITE_REQUIRED_TEXT, WAITLIST_ALREADY_PENDING_TEXT } from './waitlist';

/** A reply that took too long: the server's statement timeout, or the web app's own time limit. */
export const SLOW_REPLY_TEXT = 'Royal Circle is taking too long to answer. Please try again.';

/**
 * Seconds a client waits before trying again after SERVICE_UNAVAILABLE (the `Retry-After` header):
 * long enough for a restarted database or a proxy's next health check, short enough to feel instant.
 */
export const RETRY_AFTER_SECONDS = 2;

/** Stable machine codes of every API refusal; clients branch on these, never on messages. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  TIER_REQUIRED: 'TIER_REQUIRED',
  SUBSCRIPTION_INACTIVE: 'SUBSCRIPTION_INACTIVE',
  VERIFICATION_REQUIRED: 'VERIFICATION_REQUIRED',
  EMAIL_CONFIRMATION_REQUIRED: 'EMAIL_CONFIRMATION_REQUIRED',
  COMPLIANCE_REQUIRED: 'COMPLIANCE_REQUIRED',
  ONBOARDING_REQUIRED: 'ONBOARDING_REQUIRED',
  PROFILE_RESTRICTED: 'PROFILE_RESTRICTED',
  PROFILE_NOT_FOUND: 'PROFILE_NOT_FOUND',
  ALREADY_SWIPED: 'ALREADY_SWIPED',
  LOCKED_PROFILE: 'LOCKED_PROFILE',
  MATCH_EXPIRED: 'MATCH_EXPIRED',
  BLOCKED: 'BLOCKED',
  CROSS_ORIGIN: 'CROSS_ORIGIN',
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  ESCROW_LIMIT: 'ESCROW_LIMIT',
  CONFIRMATION_REQUIRED: 'CONFIRMATION_REQUIRED',
  PAYMENT_PROVIDER_ERROR: 'PAYMENT_PROVIDER_ERROR',
  UPLOAD_REJECTED: 'UPLOAD_REJECTED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  SERVICE_TIMEOUT: 'SERVICE_TIMEOUT',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SUPER_LIKE_LIMIT: 'SUPER_LIKE_LIMIT',
  BOOST_UNAVAILABLE: 'BOOST_UNAVAILABLE',
  SPONSORSHIP_LIMIT: 'SPONSORSHIP_LIMIT',
  MEMBER_HAS_PLAN: 'MEMBER_HAS_PLAN',
  GONE: 'GONE',
  ALREADY_ON_WAITLIST: 'ALREADY_ON_WAITLIST',
  INVITE_REQUIRED: 'INVITE_REQUIRED',
  INVITE_INVALID: 'INVITE_INVALID',
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  SECOND_FACTOR_UNCONFIRMED: 'SECOND_FACTOR_UNCONFIRMED',
  INVALID_CODE: 'INVALID_CODE',
  CHALLENGE_LOCKED: 'CHALLENGE_LOCKED',
  EVENT_NOT_FOUND: 'EVENT_NOT_FOUND',
  EVENT_CLOSED: 'EVENT_CLOSED',
  EVENT_OVER_CAPACITY: 'EVENT_OVER_CAPACITY',
  TICKET_INVALID: 'TICKET_INVALID',
  FREAKOFF_NOT_OPEN: 'FREAKOFF_NOT_OPEN',
  AFTER_DARK_PASS_REQUIRED: 'AFTER_DARK_PASS_REQUIRED',
  CLAIMED_BY_OTHER: 'CLAIMED_BY_OTHER',
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  ACCOUNT_BANNED: 'ACCOUNT_BANNED',
  DEMO_MODE_REQUIRED: 'DEMO_MODE_REQUIRED',
  WRONG_CODE_WORD: 'WRONG_CODE_WORD',
  ALREADY_RATED: 'ALREADY_RATED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  TIER_REQUIRED: 403,
  SUBSCRIPTION_INACTIVE: 403,
  VERIFICATION_REQUIRED: 403,
  EMAIL_CONFIRMATION_REQUIRED: 403,
  COMPLIANCE_REQUIRED: 403,
  ONBOARDING_REQUIRED: 403,
  PROFILE_RESTRICTED: 403,
  LOCKED_PROFILE: 403,
  SUPER_LIKE_LIMIT: 403,
  BLOCKED: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  CONFLICT: 409,
  // 410: the thing existed and is gone for good (an expired export link).
  GONE: 410,
  EMAIL_TAKEN: 409,
  ALREADY_SWIPED: 409,
  MATCH_EXPIRED: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CONFIRMATION_REQUIRED: 409,
  MEMBER_HAS_PLAN: 409,
  ALREADY_ON_WAITLIST: 409,
  INVITE_REQUIRED: 403,
  INVITE_INVALID: 422,
  SECOND_FACTOR_REQUIRED: 403,
  SECOND_FACTOR_UNCONFIRMED: 403,
  INVALID_CODE: 422,
  CHALLENGE_LOCKED: 401,
  EVENT_NOT_FOUND: 404,
  EVENT_CLOSED: 409,
  EVENT_OVER_CAPACITY: 409,
  TICKET_INVALID: 422,
  FREAKOFF_NOT_OPEN: 409,
  AFTER_DARK_PASS_REQUIRED: 403,
  CLAIMED_BY_OTHER: 409,
  ALREADY_RATED: 409,
  ACCOUNT_SUSPENDED: 403,
  ACCOUNT_BANNED: 403,
  DEMO_MODE_REQUIRED: 403,
  // A safety timer's code word that is not the member's: says nothing more (issue 39).
  WRONG_CODE_WORD: 403,
  ESCROW_LIMIT: 422,
  BOOST_UNAVAILABLE: 422,
  SPONSORSHIP_LIMIT: 422,
  PAYMENT_PROVIDER_ERROR: 502,
  // 422: the request is well-formed but the content is refused.
  WEAK_PASSWORD: 422,
  INSUFFICIENT_FUNDS: 422,
  UPLOAD_REJECTED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // A statement ran past the database's statement_timeout: the request was stopped, nothing was kept.
  SERVICE_TIMEOUT: 503,
  // The uploads store refused a write (disk full, object store unreachable): nothing was kept.
  STORAGE_UNAVAILABLE: 503,
};

// Default texts, verbatim from the spec's error catalogues where it has one. Call sites pass a more
// specific message when they know more (e.g. the tier number, or the exact password problem).
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'Some of the information is missing or invalid',
  UNAUTHENTICATED: 'User not authenticated',
  FORBIDDEN: 'You do not have permission to do that',
  NOT_FOUND: 'Not found',
  CONFLICT: 'This conflicts with the current state. Please refresh and try again.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong. Please try again.',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_TAKEN: 'An account with this email already exists',
  WEAK_PASSWORD: 'Password is too weak',
  TIER_REQUIRED: 'Upgrade your tier to use this feature',
  SUBSCRIPTION_INACTIVE: 'Your subscription is not active. Renew your subscription to continue.',
  VERIFICATION_REQUIRED: 'Please verify your account to continue',
  EMAIL_CONFIRMATION_REQUIRED: 'Confirm your e-mail to continue',
  COMPLIANCE_REQUIRED: 'Please accept the Terms of Service and Privacy Policy to continue',
  ONBOARDING_REQUIRED: 'Finish setting up your profile to start meeting members',
  PROFILE_RESTRICTED: 'This profile is only visible to higher tiers. Upgrade your tier to view this profile.',
  PROFILE_NOT_FOUND: 'Profile not found',
  ALREADY_SWIPED: 'You have already responded to this profile',
  LOCKED_PROFILE: 'Upgrade your tier to interact with this profile',
  MATCH_EXPIRED: 'This match has expired',
  BLOCKED: 'This member is not available',
  CROSS_ORIGIN: 'Request refused: it did not come from this site',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  IDEMPOTENCY_CONFLICT: 'This request was already made with different details',
  ESCROW_LIMIT: 'This deposit would take your balance above your tier’s escrow maximum',
  CONFIRMATION_REQUIRED: 'Please confirm this transfer',
  PAYMENT_PROVIDER_ERROR: 'The payment provider could not be reached. Please try again.',
  UPLOAD_REJECTED: 'The file could not be accepted',
  // The spec has no text for an outage; this one says it is brief and nothing needs doing (decision 063).
  SERVICE_UNAVAILABLE: 'Royal Circle is briefly unavailable. Please try again in a moment.',
  SERVICE_TIMEOUT: SLOW_REPLY_TEXT,
  STORAGE_UNAVAILABLE: "We couldn't save your photo right now. Please try again in a few minutes.",
  PAYLOAD_TOO_LARGE: 'The request is too large',
  HEADERS_TOO_LARGE: 'The request headers are too large',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
  UNSUPPORTED_MEDIA_TYPE: 'This type of request body is not accepted here',
  SUPER_LIKE_LIMIT: "You've used today's super likes. Get a Super Likes Pack for 10 more.",
  BOOST_UNAVAILABLE: 'This boost is not on sale yet',
  SPONSORSHIP_LIMIT: `You can sponsor up to ${SPONSORSHIP_LIMIT} members at a time`,
  MEMBER_HAS_PLAN: SPONSORED_MEMBER_HAS_PLAN_TEXT,
  GONE: 'This link has expired',
  ALREADY_ON_WAITLIST: WAITLIST_ALREADY_PENDING_TEXT,
  INVITE_REQUIRED: INVITE_REQUIRED_TEXT,
  INVITE_INVALID: INVITE_INVALID_TEXT,
  SECOND_FACTOR_REQUIRED: SECOND_FACTOR_REQUIRED_TEXT,
  SECOND_FACTOR_UNCONFIRMED: SECOND_FACTOR_UNCONFIRMED_TEXT,
  INVALID_CODE: INVALID_CODE_TEXT,
  CHALLENGE_LOCKED: CHALLENGE_LOCKED_TEXT,
  EVENT_NOT_FOUND: 'Event Not Found',
  EVENT_CLOSED: 'This event is no longer taking RSVPs',
  EVENT_OVER_CAPACITY: 'Max guests cannot be below the number of guests already going',
  TICKET_INVALID: 'This ticket is not valid for this event',
  FREAKOFF_NOT_OPEN: 'Freakoff Mode opens after 2:00 AM for checked-in guests',
  AFTER_DARK_PASS_REQUIRED: 'Freakoff Mode needs Tier 4 or an After Dark Pass',
  CLAIMED_BY_OTHER: 'Another admin is working on this item',
  ACCOUNT_SUSPENDED: 'Your account is suspended',
  ACCOUNT_BANNED: 'Your account has been closed by our team',
  DEMO_MODE_REQUIRED: 'Sample profiles can only be written in demo mode',
  WRONG_CODE_WORD: 'That is not your code word',
  ALREADY_RATED: 'You have already rated this date',
};

/** Spec text for a profile page the viewer's tier cannot open. */
export function profileRestrictedMessage(tier: number): string {
  return `This profile is only visible to Tier ${tier}+ members. Upgrade your tier to view this profile.`;
}

/** Spec text for a locked (higher-tier) discovery card. */
export function lockedProfileMessage(tier: number): string {
  return `Upgrade to Tier ${tier} or higher to interact with this profile`;
}

/** A multipart body the server could not read (no boundary, cut short, a malformed part). */
export const UNREADABLE_UPLOAD_TEXT = 'The upload could not be read. Please choose the file again.';

/** Spec text for an event the viewer's tier does not allow. */
export function eventTierRequiredMessage(tier: number): string {
  return `Tier ${tier}+ Required`;
}

const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ErrorCode),
      message: z.string().describe('Human-readable; safe to show to the member'),
      details: z
        .unknown()
        .optional()
        .describe('For VALIDATION_FAILED: the field issues; ACCOUNT_SUSPENDED / ACCOUNT_BANNED: why'),
    }),
  })
  .describe('Every non-2xx reply');
export type ApiErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERROR_MESSAGES[code]);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { error: { code: this.code, message: this.message } };
    if (this.details !== undefined) body.error.details = this.details;
    return body;
  }
}

export function appError(code: ErrorCode, message?: string, details?: unknown): AppError {
  return new AppError(code, message, details);
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

const looseErrorBodySchema = z.object({ error: z.object({ message: z.string().min(1) }) });

/**
 * Rebuilds the server's error on the client. A body that is not our error shape (a proxy's HTML
 * page, a newer server's unknown code) still becomes an AppError, chosen from the HTTP status.
 */
export function appErrorFromResponse(status: number, body: unknown): AppError {
  const parsed = apiErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new AppError(code, message, details);
  }
  const loose = looseErrorBodySchema.safeParse(body);
  return new AppError(codeForStatus(status), loose.success ? loose.data.error.message : undefined);
}

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.VALIDATION_FAILED;
    case 401:
      return ErrorCode.UNAUTHENTICATED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
      return ErrorCode.NOT_FOUND;
    case 409:
      return ErrorCode.CONFLICT;
    case 429:
      return ErrorCode.RATE_LIMITED;
    case 502:
    case 503:
    case 504:
      return ErrorCode.SERVICE_UNAVAILABLE;
    default:
      return ErrorCode.INTERNAL;
  }
}

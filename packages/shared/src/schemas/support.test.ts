import { describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN } from '../limits';
import {
  SUPPORT_MESSAGE_TOO_LONG_TEXT,
  SUPPORT_MESSAGE_TOO_SHORT_TEXT,
  SUPPORT_TOPIC_REQUIRED_TEXT,
  supportRequestBodySchema,
} from './support';

const problem = (body: unknown) => supportRequestBodySchema.safeParse(body).error?.issues[0]?.message ?? null;

describe('a support request', () => {
  it('takes a message of the minimum to the maximum length, counted after trimming', () => {
    expect(problem({ topic: 'bug', message: 'x'.repeat(SUPPORT_MESSAGE_MIN) })).toBeNull();
    expect(problem({ topic: 'bug', message: 'x'.repeat(SUPPORT_MESSAGE_MAX) })).toBeNull();
    expect(problem({ topic: 'bug', message: ` ${'x'.repeat(SUPPORT_MESSAGE_MIN - 1)}  ` })).toBe(
      SUPPORT_MESSAGE_TOO_SHORT_TEXT,
    );
    expect(problem({ topic: 'bug', message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) })).toBe(
      SUPPORT_MESSAGE_TOO_LONG_TEXT,
    );
    expect(
      supportRequestBodySchema.parse({ topic: 'other', message: '  Where is my refund?  ' }).message,
    ).toBe('Where is my refund?');
  });

  it('refuses an invisible message, a missing one and an unknown topic with their own words', () => {
    expect(problem({ topic: 'bug', message: '\u200b'.repeat(20) })).toBe(SUPPORT_MESSAGE_TOO_SHORT_TEXT);
    expect(problem({ topic: 'bug' })).toBe(SUPPORT_MESSAGE_TOO_SHORT_TEXT);
    expect(problem({ topic: 'complaint', message: 'Something is wrong here' })).toBe(
      SUPPORT_TOPIC_REQUIRED_TEXT,
    );
  });
});

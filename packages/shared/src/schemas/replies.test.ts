import { describe, expect, it } from 'vitest';
import { authReplySchema, emptyReplySchema } from './replies';

describe('reply schemas', () => {
  it('an empty reply has no body', () => {
    expect(emptyReplySchema.safeParse(undefined).success).toBe(true);
    expect(emptyReplySchema.safeParse(null).success).toBe(false);
    expect(emptyReplySchema.safeParse({ ok: true }).success).toBe(false);
  });

  it('an auth reply carries the member', () => {
    expect(authReplySchema.safeParse({}).success).toBe(false);
    expect(authReplySchema.safeParse({ user: { id: 'x' } }).success).toBe(false);
  });
});

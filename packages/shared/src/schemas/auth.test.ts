import { describe, expect, it } from 'vitest';
import { signInBodySchema, signOutBodySchema, signUpBodySchema } from './auth';

describe('signInBodySchema', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(signInBodySchema.parse({ email: '  Jane@Example.COM ', password: 'x' })).toEqual({
      email: 'jane@example.com',
      password: 'x',
    });
  });

  it.each<[string, unknown]>([
    ['missing password', { email: 'a@b.co' }],
    ['empty password', { email: 'a@b.co', password: '' }],
    ['129-char password', { email: 'a@b.co', password: 'p'.repeat(129) }],
    ['not an e-mail', { email: 'jane', password: 'secret1' }],
    ['e-mail over 254 chars', { email: `${'a'.repeat(250)}@b.co`, password: 'secret1' }],
  ])('refuses %s', (_name, body) => {
    expect(signInBodySchema.safeParse(body).success).toBe(false);
  });

  it('accepts a 128-char password and a short legacy one', () => {
    expect(signInBodySchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(128) }).success).toBe(true);
    expect(signInBodySchema.safeParse({ email: 'a@b.co', password: 'abc' }).success).toBe(true);
  });
});

describe('signUpBodySchema', () => {
  it('needs at least 6 characters, with the spec message', () => {
    const short = signUpBodySchema.safeParse({ email: 'a@b.co', password: '12345' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    expect(signUpBodySchema.safeParse({ email: 'a@b.co', password: 'abcdef' }).success).toBe(true);
    expect(signUpBodySchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(129) }).success).toBe(false);
  });
});

describe('signOutBodySchema', () => {
  it('defaults to the local scope and refuses others', () => {
    expect(signOutBodySchema.parse({})).toEqual({ scope: 'local' });
    expect(signOutBodySchema.parse({ scope: 'global' })).toEqual({ scope: 'global' });
    expect(signOutBodySchema.safeParse({ scope: 'others' }).success).toBe(false);
  });
});

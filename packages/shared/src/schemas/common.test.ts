import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorQuerySchema, idParamSchema, okSchema, pageSchema, uuidInput } from './common';

describe('common schemas', () => {
  it('accepts only UUID ids', () => {
    expect(idParamSchema.safeParse({ id: '3f2b8c1e-9d4a-4f6b-8a7e-2c1d0e9f8a7b' }).success).toBe(true);
    expect(idParamSchema.safeParse({ id: '42' }).success).toBe(false);
  });

  it('reads ids in lower case, as PostgreSQL returns them, and writes them back unchanged', () => {
    const id = '3f2b8c1e-9d4a-4f6b-8a7e-2c1d0e9f8a7b';
    expect(idParamSchema.parse({ id: id.toUpperCase() })).toEqual({ id });
    expect(z.encode(uuidInput(), id)).toBe(id);
    expect(uuidInput({ error: 'Pick a member' }).safeParse('42').error?.issues[0]?.message).toBe(
      'Pick a member',
    );
  });

  it.each<[unknown, boolean]>([
    ['0', false],
    ['1', true],
    ['50', true],
    ['51', false],
    ['2.5', false],
    ['abc', false],
    [undefined, true],
  ])('limit %j → %s', (limit, ok) => {
    expect(cursorQuerySchema.safeParse({ limit }).success).toBe(ok);
  });

  it('coerces the limit from a query string', () => {
    expect(cursorQuerySchema.parse({ cursor: 'abc', limit: '20' })).toEqual({ cursor: 'abc', limit: 20 });
    expect(cursorQuerySchema.safeParse({ cursor: '' }).success).toBe(false);
  });

  it('wraps pages and ok replies', () => {
    const page = pageSchema(z.string());
    expect(page.parse({ items: ['a'], next_cursor: null })).toEqual({ items: ['a'], next_cursor: null });
    expect(okSchema.safeParse({ ok: true }).success).toBe(true);
    expect(okSchema.safeParse({ ok: false }).success).toBe(false);
  });
});

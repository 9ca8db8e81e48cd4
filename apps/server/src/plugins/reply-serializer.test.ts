import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PreparedJson, replySerializer } from './reply-serializer';

const card = z.object({ id: z.string(), name: z.string(), city: z.string().nullable() });
const compile = (mode: 'strict' | 'trusted') =>
  replySerializer(mode)({ schema: card, method: 'GET', url: '/api/x', httpStatus: '200' } as never);

describe('reply serializer', () => {
  it('outside production, writes a reply that matches its schema exactly', () => {
    expect(JSON.parse(compile('strict')({ id: 'a', name: 'Ana', city: null }))).toEqual({
      id: 'a',
      name: 'Ana',
      city: null,
    });
  });

  it('outside production, refuses a reply carrying a field its schema does not declare (no silent trim)', () => {
    expect(() => compile('strict')({ id: 'a', name: 'Ana', city: null, email: 'ana@example.com' })).toThrow(
      /fields its schema does not declare/,
    );
  });

  it('outside production, refuses a reply of the wrong shape', () => {
    expect(() => compile('strict')({ id: 'a', name: 7, city: null })).toThrow(/does not match its schema/);
  });

  it('in production, writes what the presenter built without parsing it again', () => {
    expect(compile('trusted')({ id: 'a', name: 'Ana', city: null })).toBe(
      '{"id":"a","name":"Ana","city":null}',
    );
  });

  it('sends prepared JSON as written in production, and holds it to the schema outside it', () => {
    const text = '{"id":"a","name":"Ana","city":null}';
    expect(compile('trusted')(new PreparedJson(text))).toBe(text);
    expect(JSON.parse(compile('strict')(new PreparedJson(text)))).toEqual({
      id: 'a',
      name: 'Ana',
      city: null,
    });
    expect(() =>
      compile('strict')(new PreparedJson('{"id":"a","name":"Ana","city":null,"email":"ana@example.com"}')),
    ).toThrow(/fields its schema does not declare/);
    expect(() => compile('strict')(new PreparedJson('{"id":"a","name":7,"city":null}'))).toThrow(
      /does not match its schema/,
    );
  });
});

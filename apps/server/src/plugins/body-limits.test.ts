import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../test/app';
import { signedInMember } from '../../test/factories';
import { JSON_BODY_LIMIT } from '../app';
import { LISTED_PROBLEMS, NAMED_KEYS, validationDetails } from './errors';

const t = useTestApp();

/** A JSON object of `count` keys no schema knows (`k0`, `k1`, …). */
function unknownKeys(count: number): string {
  const body: Record<string, number> = {};
  for (let i = 0; i < count; i += 1) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

const patchSettings = (cookie: string, payload: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/settings',
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });

describe('request bodies (issue 31)', () => {
  it('are refused past the default limit before they are read: 413, and the connection is closed', async () => {
    const { session } = await signedInMember(t.app);
    // The probe's body: 60,000 unknown keys, ~634 KB, answered with every key named (1.4 MB).
    const res = await patchSettings(session.cookie, unknownKeys(60_000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
    });
    expect(res.headers.connection).toBe('close');
  });

  it('name a few unknown keys and count the rest, whatever their number', async () => {
    const { session } = await signedInMember(t.app);
    const payload = unknownKeys(1_400);
    expect(payload.length).toBeLessThan(JSON_BODY_LIMIT);
    const res = await patchSettings(session.cookie, payload);
    expect(res.statusCode).toBe(400);
    const message = 'Unrecognized keys: "k0", "k1", "k2" and 1,397 more';
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message, details: [{ path: 'body', message }] },
    });
  });

  it('cut an unknown key that is itself long', async () => {
    const { session } = await signedInMember(t.app);
    const res = await patchSettings(session.cookie, JSON.stringify({ ['x'.repeat(5_000)]: 1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`Unrecognized key: "${'x'.repeat(39)}…"`);
  });

  it('still name what is wrong in a small one, as before', async () => {
    const { session } = await signedInMember(t.app);
    const res = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { dark_mode: 'yes', nope: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'dark_mode', message: expect.any(String) },
      { path: 'body', message: 'Unrecognized key: "nope"' },
    ]);
  });

  it('may be larger on a route that declares its own limit (payment webhooks)', async () => {
    const event = JSON.stringify({ id: 'evt_big', type: 'test', padding: 'x'.repeat(100_000) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: event,
    });
    // Read, and refused for its signature, not for its size.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).not.toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('a validation refusal', () => {
  it('lists the first problems and counts the rest in one last entry', () => {
    const issues = Array.from({ length: 250 }, (_, i) => ({
      keyword: 'invalid_type',
      instancePath: `/ids/${i}`,
      schemaPath: '#',
      params: {},
      message: 'Invalid UUID',
    }));
    const details = validationDetails(issues, 'body');
    expect(details).toHaveLength(LISTED_PROBLEMS + 1);
    expect(details[0]).toEqual({ path: 'ids.0', message: 'Invalid UUID' });
    expect(details.at(-1)).toEqual({ path: 'body', message: '240 more problems' });
  });

  it(`names at most ${NAMED_KEYS} unknown keys`, () => {
    const issue = (keys: string[]) => ({
      keyword: 'unrecognized_keys',
      instancePath: '',
      schemaPath: '#',
      params: { keys },
      message: 'from zod',
    });
    expect(validationDetails([issue(['a'])], 'body')[0]?.message).toBe('Unrecognized key: "a"');
    expect(validationDetails([issue(['a', 'b', 'c'])], 'body')[0]?.message).toBe(
      'Unrecognized keys: "a", "b", "c"',
    );
    expect(validationDetails([issue(['a', 'b', 'c', 'd'])], 'query')[0]).toEqual({
      path: 'query',
      message: 'Unrecognized keys: "a", "b", "c" and 1 more',
    });
  });
});

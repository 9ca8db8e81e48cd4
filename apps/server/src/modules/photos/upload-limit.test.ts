import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { upload } from '../../../test/uploads';

// An app whose upload limit is low, so the flood is quick to reach (decoding is CPU on this instance).
const t = useTestApp({
  rateLimits: {
    apiPerAddressPerMinute: 100_000,
    authPerAddressPerMinute: 100_000,
    uploadsPerAddressPerMinute: 3,
    authFailuresPerAccountPer15Min: 1_000,
    authFailuresPerAccountPerHour: 10_000,
  },
});

describe('the upload rate limit', () => {
  it('refuses uploads past the per-address limit with RATE_LIMITED, before reading them', async () => {
    const { session } = await signedInMember(t.app);
    const notAnImage = {
      file: { data: Buffer.from('not even an image'), filename: 'photo.jpg', type: 'image/jpeg' },
    };
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await upload(t.app, '/api/me/photos', session, {}, notAnImage)).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 429]);
    // Other routes are not affected.
    expect((await request(t.app, 'GET', '/api/me/photos', { session })).statusCode).toBe(200);
  });
});

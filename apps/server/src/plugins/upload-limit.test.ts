import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../test/app';
import { signedInMember } from '../../test/factories';
import { upload } from '../../test/uploads';

// An app whose upload limit is low, so the flood is quick to reach (decoding is CPU on this instance).
const t = useTestApp({
  rateLimits: {
    apiPerAddressPerMinute: 100_000,
    authPerAddressPerMinute: 100_000,
    uploadsPerAddressPerMinute: 3,
    waitlistPerAddressPerHour: 100_000,
    authMailPerAddressPerHour: 100_000,
    authFailuresPerAccountPer15Min: 1_000,
    authFailuresPerAccountPerHour: 10_000,
  },
});

const notAnImage = { data: Buffer.from('not even an image'), filename: 'photo.jpg', type: 'image/jpeg' };

describe('the upload rate limit', () => {
  it('refuses photo uploads past the per-address limit with RATE_LIMITED, before reading them', async () => {
    const { session } = await signedInMember(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await upload(t.app, '/api/me/photos', session, {}, { file: notAnImage })).statusCode);
    }
    expect(codes).toEqual([422, 422, 422, 429]);
    // Other routes are not affected.
    expect((await request(t.app, 'GET', '/api/me/photos', { session })).statusCode).toBe(200);
  });

  it('limits ID uploads the same way', async () => {
    for (const url of ['/api/compliance/id', '/api/verification/requests']) {
      const { session } = await signedInMember(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const sent = await upload(
          t.app,
          url,
          session,
          { id_type: 'passport' },
          { id: notAnImage, selfie: notAnImage },
        );
        codes.push(sent.statusCode);
      }
      expect(codes.slice(0, 3).every((code) => code !== 429)).toBe(true);
      expect(codes[3]).toBe(429);
    }
  });
});

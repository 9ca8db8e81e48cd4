import { AppError } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { getPushKey, removePushSubscription, savePushSubscription } from './push-subscription';

const SUBSCRIPTION = {
  endpoint: 'https://push.example.test/send/device-1',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

describe('the push API', () => {
  it('reads the key browsers subscribe with', async () => {
    mockApi({ 'GET /api/push/key': { body: { public_key: 'BExampleKey_-' } } });
    await expect(getPushKey()).resolves.toEqual({ public_key: 'BExampleKey_-' });
  });

  it('gives the server a subscription, and reads its 201 with or without a body', async () => {
    const api = mockApi({ 'POST /api/push/subscriptions': { status: 201, body: null } });
    await expect(savePushSubscription(SUBSCRIPTION)).resolves.toBeUndefined();
    mockApi({ 'POST /api/push/subscriptions': { status: 201 } });
    await expect(savePushSubscription(SUBSCRIPTION)).resolves.toBeUndefined();
    expect(api.calls[0]?.body).toEqual(SUBSCRIPTION);
  });

  it('says which device to forget in the DELETE’s body', async () => {
    const api = mockApi({ 'DELETE /api/push/subscriptions': { status: 204 } });
    await removePushSubscription(SUBSCRIPTION.endpoint);
    expect(api.calls).toMatchObject([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: SUBSCRIPTION.endpoint } },
    ]);
  });

  it('turns refusals and a lost connection into the app’s errors', async () => {
    mockApi({
      'DELETE /api/push/subscriptions': apiError(401, 'UNAUTHENTICATED', 'User not authenticated'),
    });
    const refused = removePushSubscription(SUBSCRIPTION.endpoint);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'User not authenticated',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(removePushSubscription(SUBSCRIPTION.endpoint)).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

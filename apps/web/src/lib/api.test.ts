import { AppError, ErrorCode, emptyReplySchema, notificationListSchema } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { describe, expect, it } from 'vitest';
import { api, BAD_RESPONSE_MESSAGE } from './api';

describe('api client', () => {
  it('returns the reply parsed by its schema', async () => {
    mockApi({ 'GET /api/notifications': { body: { items: [], unread_count: 0, extra: 'dropped' } } });
    await expect(api.get('/api/notifications', { schema: notificationListSchema })).resolves.toEqual({
      items: [],
      unread_count: 0,
    });
  });

  it('refuses a reply that does not match its schema', async () => {
    mockApi({ 'GET /api/notifications': { body: { items: 'nope' } } });
    const failure = api.get('/api/notifications', { schema: notificationListSchema });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: ErrorCode.INTERNAL, message: BAD_RESPONSE_MESSAGE });
  });

  it('reads a 204 as an empty reply, and refuses a body where none is expected', async () => {
    mockApi({
      'DELETE /api/notifications': { status: 204 },
      'POST /api/notifications/read-all': { body: { surprise: true } },
    });
    await expect(api.delete('/api/notifications', { schema: emptyReplySchema })).resolves.toBeUndefined();
    await expect(
      api.post('/api/notifications/read-all', undefined, { schema: emptyReplySchema }),
    ).rejects.toMatchObject({ message: BAD_RESPONSE_MESSAGE });
  });

  it("throws the server's refusal as an AppError", async () => {
    mockApi({ 'GET /api/me': apiError(401, 'UNAUTHENTICATED', 'User not authenticated') });
    await expect(api.get('/api/me', { schema: emptyReplySchema })).rejects.toMatchObject({
      code: ErrorCode.UNAUTHENTICATED,
      status: 401,
      message: 'User not authenticated',
    });
  });
});

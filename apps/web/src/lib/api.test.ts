import { AppError, ErrorCode, emptyReplySchema, notificationListSchema } from '@royal/shared';
import { apiError, mockApi } from '@test/fetch-mock';
import { describe, expect, it, vi } from 'vitest';
import { api, BAD_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, refusalOr, SLOW_REPLY_MESSAGE } from './api';

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

  it('gives up on a reply slower than its time limit, and leaves other calls without one', async () => {
    vi.useFakeTimers();
    try {
      const stalled = vi.fn(
        (_: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      );
      vi.stubGlobal('fetch', stalled);
      const slow = api.get('/api/me', { schema: emptyReplySchema, timeoutMs: 4_000 });
      const caught = expect(slow).rejects.toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: SLOW_REPLY_MESSAGE,
      });
      await vi.advanceTimersByTimeAsync(4_000);
      await caught;
      void api.get('/api/me', { schema: emptyReplySchema });
      expect(stalled.mock.calls[1]?.[1]?.signal).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a read once more after a 503 with Retry-After, and never repeats a write', async () => {
    vi.useFakeTimers();
    try {
      const unavailable = () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'SERVICE_UNAVAILABLE',
              message: 'Royal Circle is briefly unavailable. Please try again in a moment.',
            },
          }),
          {
            status: 503,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
          },
        );
      const replies = vi
        .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
        .mockResolvedValueOnce(unavailable())
        .mockResolvedValueOnce(new Response(null, { status: 204 }));
      vi.stubGlobal('fetch', replies);
      const read = api.get('/api/me', { schema: emptyReplySchema });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(replies).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(read).resolves.toBeUndefined();
      expect(replies).toHaveBeenCalledTimes(2);

      const writes = vi.fn(async () => unavailable());
      vi.stubGlobal('fetch', writes);
      await expect(api.post('/api/messages', {}, { schema: emptyReplySchema })).rejects.toMatchObject({
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: 'Royal Circle is briefly unavailable. Please try again in a moment.',
      });
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
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

describe('refusalOr', () => {
  const SEND_FAILED = 'Failed to send message. Please try again.';

  it("shows the server's reason when it refused the request", async () => {
    mockApi({
      'POST /api/messages': apiError(403, 'FORBIDDEN', 'Please verify your account to send messages'),
    });
    const refused = await api.post('/api/messages', {}, { schema: emptyReplySchema }).catch((e) => e);
    expect(refusalOr(refused, SEND_FAILED)).toBe('Please verify your account to send messages');
  });

  it("shows the action's own text when the server failed, was unreachable or replied unreadably", async () => {
    mockApi({ 'POST /api/messages': apiError(500, 'INTERNAL', 'Internal server error') });
    const failed = await api.post('/api/messages', {}, { schema: emptyReplySchema }).catch((e) => e);
    expect(refusalOr(failed, SEND_FAILED)).toBe(SEND_FAILED);
    expect(refusalOr(new AppError(ErrorCode.SERVICE_UNAVAILABLE, NETWORK_ERROR_MESSAGE), SEND_FAILED)).toBe(
      SEND_FAILED,
    );
    expect(refusalOr(new AppError(ErrorCode.INTERNAL, BAD_RESPONSE_MESSAGE), SEND_FAILED)).toBe(SEND_FAILED);
    expect(refusalOr(new TypeError('boom'), SEND_FAILED)).toBe(SEND_FAILED);
  });
});

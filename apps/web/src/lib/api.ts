import { AppError, appErrorFromResponse, ErrorCode, SLOW_REPLY_TEXT } from '@royal/shared';

/** Anything with a zod-style `parse`; lets a call validate its reply without this file importing zod. */
export type ResponseParser<T> = { parse: (data: unknown) => T };

export type RequestOptions<T> = {
  /**
   * Validates (and types) the reply: a schema from @royal/shared, `emptyReplySchema` for 204s.
   * Required, so no reply reaches a screen unchecked.
   */
  schema: ResponseParser<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Gives up after this many milliseconds with `SLOW_REPLY_MESSAGE`, for a screen that would
   * otherwise show a skeleton for as long as a stalled connection lasts instead of Try Again.
   */
  timeoutMs?: number;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const NETWORK_ERROR_MESSAGE = 'Unable to reach Royal Circle. Check your connection and try again.';
export const BAD_RESPONSE_MESSAGE = 'The server sent an unexpected reply. Please try again.';
export const SLOW_REPLY_MESSAGE = SLOW_REPLY_TEXT;
/** The longest a read waits, as a 503's Retry-After asks, before it is sent once more. */
export const MAX_RETRY_WAIT_MS = 5_000;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance; the status still tells what went wrong.
    return undefined;
  }
}

/**
 * How long to wait before asking again, when the server said it is briefly away (503 with
 * Retry-After: its database or Redis restarting, decision 063); undefined for any other reply.
 */
function retryWaitMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (response.status !== 503 || header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1_000, MAX_RETRY_WAIT_MS) : undefined;
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'include' };
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (options.timeoutMs === undefined) {
    if (options.signal) init.signal = options.signal;
  } else {
    // The caller's signal and the time limit abort the request together (a plain controller rather
    // than AbortSignal.any/timeout, so the limit runs on the page's own timers).
    const limit = new AbortController();
    timer = setTimeout(() => {
      timedOut = true;
      limit.abort();
    }, options.timeoutMs);
    if (options.signal?.aborted) limit.abort();
    options.signal?.addEventListener('abort', () => limit.abort(), { once: true });
    init.signal = limit.signal;
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(path, init);
    // A read changes nothing, so it is asked once more after the wait: a restart of a few seconds
    // then passes unseen. A write is not repeated: the member decides.
    const wait = method === 'GET' ? retryWaitMs(response) : undefined;
    if (wait !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      response = await fetch(path, init);
    }
    data = await readBody(response);
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, timedOut ? SLOW_REPLY_MESSAGE : NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) throw appErrorFromResponse(response.status, data);
  try {
    return options.schema.parse(data);
  } catch (issues) {
    throw new AppError(ErrorCode.INTERNAL, BAD_RESPONSE_MESSAGE, issues);
  }
}

/**
 * The one way the web app talks to the API: same-origin JSON with the session cookie.
 * Every non-2xx reply (`{ error: { code, message } }`) is thrown as an `AppError`.
 */
export const api = {
  get: <T>(path: string, options: RequestOptions<T>) => request('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options: RequestOptions<T>) => request('POST', path, body, options),
  patch: <T>(path: string, body: unknown, options: RequestOptions<T>) =>
    request('PATCH', path, body, options),
  put: <T>(path: string, body: unknown, options: RequestOptions<T>) => request('PUT', path, body, options),
  /** A DELETE whose target is named in a body (a push subscription's endpoint is a URL, not an id). */
  delete: <T>(path: string, options: RequestOptions<T>, body?: unknown) =>
    request('DELETE', path, body, options),
};

/** The message to show for any thrown value (AppError messages are the spec's texts). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The server answered and said no (a 4xx): the request reached it and was judged, so sending it
 * again unchanged gets the same answer. Network trouble and 5xx are not refusals: those may be retried.
 */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.status < 500;
}

/**
 * What to show when an action failed: the server's reason when it refused the request (a 4xx, whose
 * message is the spec's text for it, such as 'Upgrade to Basic Access or higher to send messages'), else `failure`,
 * the action's own text: when the server failed, could not be reached or sent an unreadable reply,
 * its message says nothing the member can act on.
 */
export function refusalOr(error: unknown, failure: string): string {
  return isRefusal(error) && error.message ? error.message : failure;
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.UNAUTHENTICATED;
}

/**
 * The first message for each top-level field among a shared schema's issues: a form's own check
 * before it sends, shaped as fieldProblems gives the server's refusal.
 */
export function issueProblems(
  issues: readonly { path: readonly PropertyKey[]; message: string }[] | undefined,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in problems)) problems[field] = issue.message;
  }
  return problems;
}

/**
 * A refusal's problems by field (`{ path, message }` in its details, as the server lists them for
 * VALIDATION_FAILED), the first message of each path; empty for any other error.
 */
export function fieldProblems(error: unknown): Record<string, string> {
  if (!(error instanceof AppError) || !Array.isArray(error.details)) return {};
  const problems: Record<string, string> = {};
  for (const detail of error.details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path === 'string' && typeof message === 'string' && !(path in problems))
      problems[path] = message;
  }
  return problems;
}

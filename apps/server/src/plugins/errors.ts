import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  type ApiErrorBody,
  AppError,
  CONTROL_CHARACTERS_MESSAGE,
  ERROR_MESSAGES,
  ERROR_STATUS,
  ErrorCode,
  hasControlCharacters,
  RETRY_AFTER_SECONDS,
} from '@royal/shared';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  errorTree,
  isDatabaseUnavailable,
  PG_CHECK_VIOLATION,
  PG_DEADLOCK_DETECTED,
  PG_FOREIGN_KEY_VIOLATION,
  PG_SERIALIZATION_FAILURE,
  PG_UNIQUE_VIOLATION,
  pgDetail,
  pgErrorCode,
} from '../db/errors';

function body(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** SQLSTATEs of bad input that reached the database (text it cannot store, out-of-range values). */
const PG_BAD_INPUT = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (a NUL byte)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  PG_CHECK_VIOLATION,
]);

/**
 * A database refusal as a client error with a stable code: a duplicate is a conflict, a missing
 * referenced row is gone (404), a row still referenced or a lost race is a conflict to retry, bad
 * data is a validation failure. Services usually translate these themselves with a better message;
 * this is the floor, so none ever reaches a client as a 500.
 */
export function databaseRefusal(error: unknown): AppError | null {
  const code = pgErrorCode(error);
  if (!code) return null;
  if (code === PG_UNIQUE_VIOLATION) return new AppError(ErrorCode.CONFLICT, 'This already exists');
  if (code === PG_FOREIGN_KEY_VIOLATION) {
    return /is still referenced/.test(pgDetail(error) ?? '')
      ? new AppError(ErrorCode.CONFLICT, 'This is still in use and cannot be removed')
      : new AppError(ErrorCode.NOT_FOUND, 'Something this refers to no longer exists');
  }
  if (code === PG_SERIALIZATION_FAILURE || code === PG_DEADLOCK_DETECTED) {
    return new AppError(ErrorCode.CONFLICT, 'This changed at the same time elsewhere. Please try again.');
  }
  if (PG_BAD_INPUT.has(code)) return new AppError(ErrorCode.VALIDATION_FAILED);
  return null;
}

const PG_QUERY_CANCELED = '57014';
/** What ioredis says when it refuses a command: disconnected, or past its commandTimeout. */
const REDIS_UNAVAILABLE =
  /Stream isn't writeable|Command timed out|Connection is closed|MaxRetriesPerRequest/;

/**
 * A dependency that is away (PostgreSQL restarting, Redis down) or too slow (a statement timeout)
 * as a 503 the member can act on: try again in a moment (decision 063). Null for anything else.
 */
export function outageRefusal(error: unknown): AppError | null {
  if (pgErrorCode(error) === PG_QUERY_CANCELED) return new AppError(ErrorCode.SERVICE_TIMEOUT);
  if (isDatabaseUnavailable(error)) return new AppError(ErrorCode.SERVICE_UNAVAILABLE);
  for (const e of errorTree(error))
    if (typeof e.message === 'string' && REDIS_UNAVAILABLE.test(e.message))
      return new AppError(ErrorCode.SERVICE_UNAVAILABLE);
  return null;
}

/** Fastify's own client errors, by status, in our shape. */
const FASTIFY_STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  404: ErrorCode.NOT_FOUND,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  431: ErrorCode.HEADERS_TOO_LARGE,
};

/** The problems a validation refusal lists; more are counted in one last entry. */
export const LISTED_PROBLEMS = 10;
/** The unknown keys a message names; more are counted. */
export const NAMED_KEYS = 3;
/** A path or a message is cut to this many characters in a refusal (the catalogue's own texts are shorter). */
const MAX_TEXT = 500;
/** An unknown key is cut to this many characters where a message names it. */
const MAX_KEY = 40;

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * An issue's message, bounded whatever the input was. Zod names every unknown key of a strict
 * object in its message ('Unrecognized keys: "a", "b", …'): a body of 60,000 made a 1.4 MB reply.
 * Here a few are named and the rest counted, each key cut short.
 */
function issueMessage(issue: FastifySchemaValidationError): string {
  const keys = issue.params.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
    const named = keys
      .slice(0, NAMED_KEYS)
      .map((key) => `"${cut(String(key), MAX_KEY)}"`)
      .join(', ');
    const more = keys.length - NAMED_KEYS;
    return `Unrecognized key${keys.length > 1 ? 's' : ''}: ${named}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
  }
  return cut(issue.message ?? ERROR_MESSAGES.VALIDATION_FAILED, MAX_TEXT);
}

/**
 * A validation refusal's details, `{ path, message }` per issue: the first LISTED_PROBLEMS, then
 * one entry counting the rest, so the reply stays small however many problems a body has.
 */
export function validationDetails(
  issues: readonly FastifySchemaValidationError[],
  context: string,
): { path: string; message: string }[] {
  const details = issues.slice(0, LISTED_PROBLEMS).map((issue) => ({
    path: cut(issue.instancePath.replace(/^\//, '').replaceAll('/', '.'), MAX_TEXT) || context,
    message: issueMessage(issue),
  }));
  const more = issues.length - details.length;
  if (more > 0) details.push({ path: context, message: `${more.toLocaleString('en-US')} more problems` });
  return details;
}

/**
 * The error Fastify raises for a failed schema (its `validation` holds the issues). Fastify's own
 * formatter joins every issue's message into one text, which nothing reads: registerErrorHandling
 * builds the reply from the issues, bounded (validationDetails).
 */
export function schemaErrorFormatter(_errors: FastifySchemaValidationError[], context: string): Error {
  return new Error(`${context} failed validation`);
}

/** An upgrade as Node hands it over (`Connection: upgrade` with an Upgrade header), not any request naming one. */
const isUpgrade = (request: FastifyRequest) => (request.raw as { upgrade?: boolean }).upgrade === true;

/**
 * One place turns every failure into `{ error: { code, message } }`. Known errors keep their code and
 * the spec's message; Fastify's own errors (bad JSON, too large, unknown path, malformed headers that
 * never reach a route) get the same shape; anything unexpected becomes a generic 500 whose details go
 * to the log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  // HTTP/1.1 requires a Host header. Node refuses a request without one with an empty 400 of its
  // own, before Fastify sees it; the server turns that check off (`requireHostHeader: false`, app.ts)
  // so that the refusal comes here, in the one error shape (and, under /api, with no-store). As
  // Node's check did, it leaves WebSocket upgrades alone: Node hands those over before its check.
  app.addHook('onRequest', async (request) => {
    if (request.headers.host === undefined && !isUpgrade(request) && request.raw.httpVersion === '1.1')
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Malformed request');
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const refuse = (known: AppError) => {
      // A client told the service is away waits this long before trying again (the web app retries
      // a read once after it); meanwhile the proxy's health check takes the instance out if it stays.
      if (known.code === ErrorCode.SERVICE_UNAVAILABLE)
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(known.status).send(body(known.code, known.message, known.details));
    };
    if (error instanceof AppError) return refuse(error);
    // A 4xx of Fastify's stays the client's (one that hung up mid-body is an ECONNRESET too).
    const outage = (error.statusCode ?? 500) < 500 ? null : outageRefusal(error);
    if (outage) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      return refuse(outage);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation, error.validationContext ?? 'body');
      const first = details[0]?.message ?? ERROR_MESSAGES.VALIDATION_FAILED;
      return reply.status(400).send(body(ErrorCode.VALIDATION_FAILED, first, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(body(ErrorCode.INTERNAL, ERROR_MESSAGES.INTERNAL));
    }
    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, 'database refused the request');
      return reply.status(refusal.status).send(refusal.toBody());
    }
    const status = error.statusCode ?? 500;
    const mapped = FASTIFY_STATUS_CODES[status];
    if (mapped) return reply.status(status).send(body(mapped, ERROR_MESSAGES[mapped]));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, …) are validation failures.
      return reply.status(400).send(body(ErrorCode.VALIDATION_FAILED, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(ErrorCode.INTERNAL, ERROR_MESSAGES.INTERNAL));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body(ErrorCode.NOT_FOUND, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

/** Errors Fastify raises before routing (a malformed URL such as `/%zz`): the same shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
  const code = status === 400 ? ErrorCode.VALIDATION_FAILED : ErrorCode.INTERNAL;
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(body(code, status === 400 ? 'Malformed request' : ERROR_MESSAGES.INTERNAL));
}

/** Errors Node's HTTP server raises on a connection, by their code, and what each is answered with. */
const CONNECTION_ERRORS: Readonly<Record<string, ErrorCode>> = {
  HPE_HEADER_OVERFLOW: ErrorCode.HEADERS_TOO_LARGE,
  // The headers or the whole request did not arrive in time (headersTimeout, requestTimeout, app.ts),
  // or a body came too slowly (plugins/connections.ts).
  ERR_HTTP_REQUEST_TIMEOUT: ErrorCode.REQUEST_TIMEOUT,
};

/** How long an answer written on a connection may take to leave before the connection is closed anyway. */
const ANSWER_FLUSH_MS = 5_000;

/**
 * Answers on the connection itself, in the one JSON error shape, and closes it: for what happens
 * before Fastify has a request to reply to, or instead of its reply. When a reply has already begun
 * on it, or it cannot be written to, the connection is only closed. Closed, not just ended: an ended
 * connection stays open for as long as the client keeps its own side open (Node's HTTP server allows
 * half-open connections), which a client that sends slowly on purpose would.
 */
export function answerAndClose(socket: Socket, code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
  const reply = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || reply?.headersSent) {
    socket.destroy();
    return;
  }
  const status = ERROR_STATUS[code];
  const payload = JSON.stringify(body(code, message));
  // A client that does not read is not waited for either.
  const unread = setTimeout(() => socket.destroy(), ANSWER_FLUSH_MS);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(payload)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${payload}`,
    () => {
      clearTimeout(unread);
      socket.destroy();
    },
  );
}

/**
 * Errors Node's HTTP server raises before Fastify sees a request, or instead of it (headers too
 * large, malformed request line, a request that did not arrive in time): answered in the same JSON
 * shape, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  const code = CONNECTION_ERRORS[error.code ?? ''] ?? ErrorCode.VALIDATION_FAILED;
  answerAndClose(socket, code, code === ErrorCode.VALIDATION_FAILED ? 'Malformed request' : undefined);
}

type Found = { path: string };

/** The first string (at any depth) holding a control character, with its path. */
function findControlCharacters(value: unknown, path: string, depth = 0): Found | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? { path } : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacters(key)) return { path: path ? `${path}.${key}` : key };
    const found = findControlCharacters(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every text input of every route — body, query string and path parameters — is refused with 400
 * when it holds a control character (a NUL byte cannot even be stored, and the rest only spoof what
 * others see). One guard for all routes, before their own schemas run. A provider's signed body
 * (config.signedRawBody: payment webhooks) is not member input: its signature vouches for it, and
 * refusing a customer name with a stray U+0085 in it would leave a payment unapplied.
 */
export function registerInputGuards(api: FastifyInstance) {
  api.addHook('preValidation', async (request: FastifyRequest) => {
    const signedBody = request.routeOptions.config?.signedRawBody === true;
    for (const [part, value] of [
      ['body', signedBody ? undefined : request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = findControlCharacters(value, '');
      if (found) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, CONTROL_CHARACTERS_MESSAGE, [
          { path: found.path || part, message: CONTROL_CHARACTERS_MESSAGE },
        ]);
      }
    }
  });
}

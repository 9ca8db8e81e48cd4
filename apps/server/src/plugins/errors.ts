import { type ApiErrorBody, AppError, ERROR_MESSAGES, ErrorCode } from '@royal/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

function body(code: ErrorCode, message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * One place turns every failure into `{ error: { code, message } }`. Known errors keep their code and
 * the spec's message; anything unexpected becomes a generic 500 and its details go to the log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext,
        message: issue.message,
      }));
      const first = details[0]?.message ?? ERROR_MESSAGES.VALIDATION_FAILED;
      return reply.status(400).send(body(ErrorCode.VALIDATION_FAILED, first, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(body(ErrorCode.INTERNAL, ERROR_MESSAGES.INTERNAL));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body(ErrorCode.RATE_LIMITED, ERROR_MESSAGES.RATE_LIMITED));
    }
    if (status === 413) {
      return reply.status(413).send(body(ErrorCode.UPLOAD_REJECTED, 'The upload is too large'));
    }
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

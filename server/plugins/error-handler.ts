import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#core/contract/errors';

/** A refusal a service raises; the error handler turns it into the API's error body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: { rule?: string; current?: unknown; issues?: { path: string; message: string }[] } = {},
  ) {
    super(message);
  }
}

/** 400 naming each field refused, as validation answers it. */
export function badRequest(issues: { path: string; message: string }[]) {
  const paths = [...new Set(issues.map((issue) => issue.path))];
  return new HttpError(400, ERROR_CODES.badRequest, `Invalid ${paths.join(', ')}`, { issues });
}

export const notFound = (what = 'Resource') => new HttpError(404, ERROR_CODES.notFound, `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, ERROR_CODES.forbidden, message);
export const unauthenticated = () => new HttpError(401, ERROR_CODES.unauthenticated, 'Sign in first');

/**
 * Fastify's router refuses some URLs before any hook or error handler runs (a malformed escape such
 * as an encoded lone surrogate, a path parameter over its length limit): they get the API's error
 * body too, with their status (400, 414).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply.code(error.statusCode ?? 400).send({
    error: {
      code: ERROR_CODES.badRequest,
      message: tooLong ? 'A path parameter is too long' : 'The URL is not valid',
      issues: [{ path: 'url', message: tooLong ? 'too long' : 'not a valid URL' }],
    },
  });
}

function sendHttpError(reply: FastifyReply, error: HttpError) {
  return reply.code(error.statusCode).send({ error: { code: error.code, message: error.message, ...error.extra } });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((entry) => {
        const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = error.validationContext ?? 'body';
        return { path: field ? `${where}.${field}` : where, message: entry.message ?? 'invalid' };
      });
      return sendHttpError(reply, badRequest(issues));
    }
    if (error instanceof HttpError) return sendHttpError(reply, error);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: { code: ERROR_CODES.internal, message: 'Internal server error' } });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.statusCode === 429 ? ERROR_CODES.tooManyRequests : ERROR_CODES.badRequest;
      return reply.code(error.statusCode).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: ERROR_CODES.internal, message: 'Internal server error' } });
  });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { OUTAGE_DETAIL, outageOf } from '../lib/outage';

interface ZodIssueLike {
  message: string;
  path?: PropertyKey[];
  instancePath?: string;
}

/** Joins validation issues into one sentence a person can read. */
function describeValidation(issues: ZodIssueLike[]): string {
  const messages = issues.map((i) => i.message).filter(Boolean);
  return [...new Set(messages)].join('; ') || 'Invalid request';
}

/**
 * A multipart body the parser could not read: no boundary in the content type, or cut short.
 * busboy reports these as plain Errors; they are the client's fault, so 400, never 500.
 */
function isMalformedMultipart(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return message === 'Multipart: Boundary not found' || /unexpected end of multipart data$/i.test(message);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The only translator from thrown errors to `{detail, code}` responses (DESIGN §3). */
export function registerErrorHandler(app: FastifyInstance, opts: { recoverSchema?: () => Promise<void> } = {}): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ detail: err.detail, code: err.code });
    }
    const outage = outageOf(err);
    if (outage) {
      request.log.warn({ err }, `${outage} unavailable`);
      if (outage === 'schema') void opts.recoverSchema?.();
      return reply.code(503).header('retry-after', '10').send({ detail: OUTAGE_DETAIL[outage], code: 'UNAVAILABLE' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = (err.validation as unknown as { params?: { issue?: ZodIssueLike }; message: string }[]).map(
        (v) => v.params?.issue ?? { message: v.message },
      );
      return reply.code(400).send({ detail: describeValidation(issues), code: 'VALIDATION' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal Server Error', code: 'INTERNAL' });
    }
    if (isMalformedMultipart(err)) {
      return reply.code(400).send({ detail: 'The multipart body is malformed (missing boundary or cut short)', code: 'VALIDATION' });
    }
    if (isUniqueViolation(err)) {
      return reply.code(409).send({ detail: 'That record already exists', code: 'CONFLICT' });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ detail: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      return reply.code(status).send({ detail: err.message || 'Bad request', code: 'VALIDATION' });
    }
    // The err serializer (lib/log-options) keeps a database error's message and code only, never
    // the statement's parameters.
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error', code: 'INTERNAL' });
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MAX_AMOUNT_MINOR, TransitionError, type ErrorCode, type TErrorBody } from '@kassa/domain';
import { ChangeRequested } from '../lib/change-requested.ts';
import { HttpError } from '../lib/http-error.ts';
import { MASK } from './audit-mask.ts';
import { bodySchemaOf, scrubText, secretValuesBySchema } from './secret-schema.ts';
import { missingResource, WRITE_OUTAGE_RETRY_AFTER_S } from './write-outage.ts';

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

const isDatabaseDown = (error: unknown): boolean => {
  const code = (error as { code?: string }).code;
  const message = String((error as Error).message ?? '');
  return (
    (code !== undefined && CONNECTION_ERRORS.has(code)) ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message)
  );
};

/** An amount over the business cap (money.ts), either way for signed amounts: its own stable code. */
const isOverAmountCap = (issue: { keyword: string; params: Record<string, unknown> }) =>
  (issue.keyword === 'too_big' && Number(issue.params.maximum) === MAX_AMOUNT_MINOR) ||
  (issue.keyword === 'too_small' && Number(issue.params.minimum) === -MAX_AMOUNT_MINOR);

const CLIENT_CODES: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'too_many_requests',
};

/**
 * Errors the router raises before any route or hook runs (a path parameter over its length limit,
 * a URL that does not decode): answered in the same error format as everything else.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid';
  reply.status(statusCode).send({
    statusCode,
    code: 'validation_error',
    message,
    details: [{ path: 'params', message }],
    requestId: request.id,
  });
};

/**
 * The error with every secret value of the request's body (as its schema marks them) cut out of
 * its texts: a database error quotes what it refused (`Key (name)=(…)`, `invalid input syntax …`).
 */
const scrubError = (error: Error, secrets: readonly string[]): Error => {
  if (secrets.length === 0) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    copy[key] = typeof value === 'string' ? scrubText(value, secrets, MASK) : value;
  }
  return copy as unknown as Error;
};

/** The answer with the request's secret values cut out of its message and details. */
const scrubBody = (body: TErrorBody, secrets: readonly string[]): TErrorBody =>
  secrets.length === 0
    ? body
    : {
        ...body,
        message: scrubText(body.message, secrets, MASK),
        details: body.details?.map((detail) => ({ ...detail, message: scrubText(detail.message, secrets, MASK) })),
      };

/** One error format for every answer; never a stack trace, SQL text or secret. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A change under four eyes: stored as a request, answered 202 (lib/change-requested.ts).
    if (error instanceof ChangeRequested) return reply.status(202).send(error.body);
    const secrets = secretValuesBySchema(bodySchemaOf(request), request.body);
    let body: TErrorBody;
    if (error instanceof HttpError) {
      body = { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
      if (error.headers) reply.headers(error.headers);
    } else if (error instanceof TransitionError) {
      body = {
        statusCode: 409,
        code: 'invalid_transition',
        message: error.message,
        details: [{ path: 'status', message: error.message }],
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const details = error.validation.map((issue) => {
        const missing = (issue.params as { issue?: { code?: string; path?: unknown[] } })?.issue;
        const pointer = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const path = pointer || (missing?.path ?? []).join('.');
        return { path: path ? `${context}.${path}` : context, message: issue.message ?? 'Invalid value' };
      });
      body = {
        statusCode: 400,
        code: error.validation.some(isOverAmountCap) ? 'amount_too_large' : 'validation_error',
        message: details.map((d) => `${d.path}: ${d.message}`).join('; '),
        details,
      };
    } else if (missingResource(error)) {
      // Logged once per outage by the tracker, not once per request.
      app.writeOutage.report(error);
      body = {
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The service cannot store data at the moment, please retry',
      };
      reply.header('retry-after', String(WRITE_OUTAGE_RETRY_AFTER_S));
    } else if (isDatabaseDown(error)) {
      request.log.error({ err: scrubError(error, secrets) }, 'database unavailable');
      body = {
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable, please retry',
      };
      reply.header('retry-after', '5');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = CLIENT_CODES[error.statusCode] ?? 'validation_error';
      const path = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'headers.content-type' : 'body';
      body = {
        statusCode: error.statusCode,
        code,
        message: error.message,
        details: code === 'validation_error' ? [{ path, message: error.message }] : undefined,
      };
    } else {
      request.log.error({ err: scrubError(error, secrets) }, 'unhandled error');
      body = { statusCode: 500, code: 'internal_error', message: 'Something went wrong on our side' };
    }
    reply.status(body.statusCode).send({ ...scrubBody(body, secrets), requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      code: 'not_found',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
      requestId: request.id,
    });
  });
};

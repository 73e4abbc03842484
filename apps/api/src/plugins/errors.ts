import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  codedIssues,
  MAX_AMOUNT_MINOR,
  TransitionError,
  type DetailParams,
  type ErrorCode,
  type TErrorBody,
} from '@kassa/domain';
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
const isOverAmountCap = ({ code, params }: { code: string; params: DetailParams }) =>
  (code === 'tooBig' && Number(params.max) === MAX_AMOUNT_MINOR) ||
  (code === 'tooSmall' && Number(params.min) === -MAX_AMOUNT_MINOR);

/** fastify-type-provider-zod's mark of its validation errors (a registered symbol). */
const ZOD_VALIDATION = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator, with every issue coded (`@kassa/domain` codedIssues): a
 * union's complaint is the complaint of the branch meant, the input is read only to tell a
 * missing value (`required`) from a wrong one and never kept.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const error = codedIssues(result.error.issues).map((issue) => ({
      [ZOD_VALIDATION]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}`,
      message: issue.message,
      params: { detail: { code: issue.code, params: issue.params } },
    }));
    return { error } as unknown as { error: Error };
  };

type Validation = {
  instancePath: string;
  message?: string;
  params: { detail?: { code: string; params: DetailParams } };
};

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
    details: [
      {
        path: 'params',
        code: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'tooLong' : 'invalidValue',
        params: {},
        message,
      },
    ],
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
      body = {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        // A detail without a finer code carries its error's (`email_taken`; `invalidValue` for a plain 400).
        details: error.details?.map((detail) => ({
          path: detail.path,
          code: detail.code ?? (error.code === 'validation_error' ? 'invalidValue' : error.code),
          params: detail.params ?? {},
          message: detail.message,
        })),
      };
      if (error.headers) reply.headers(error.headers);
    } else if (error instanceof TransitionError) {
      body = {
        statusCode: 409,
        code: 'invalid_transition',
        message: error.message,
        details: [{ path: 'status', code: 'invalid_transition', params: {}, message: error.message }],
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const details = (error.validation as unknown as Validation[]).map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          path: path ? `${context}.${path}` : context,
          code: issue.params.detail?.code ?? 'invalidValue',
          params: issue.params.detail?.params ?? {},
          message: issue.message ?? 'Invalid value',
        };
      });
      body = {
        statusCode: 400,
        code: details.some(isOverAmountCap) ? 'amount_too_large' : 'validation_error',
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
        details:
          code === 'validation_error'
            ? [{ path, code: 'invalidValue', params: {}, message: error.message }]
            : undefined,
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

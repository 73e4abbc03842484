import type { DetailCode, DetailParams, ErrorCode } from '@kassa/domain';

/**
 * One refused input: its path, its stable code with params (`tooLong`, `{ max: 64 }`) and an
 * English message for integrators. Without `code` the answer carries the error's own code.
 */
export type ErrorDetail = { path: string; message: string; code?: DetailCode | ErrorCode; params?: DetailParams };

/** An error with the status, stable code and field details the client is shown. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A 400 on one input; `detail` is the input's own code (`required`, `endBeforeStart`) when the error code is too coarse. */
export const badRequest = (
  path: string,
  message: string,
  code: ErrorCode = 'validation_error',
  detail?: DetailCode,
  params?: DetailParams,
) => new HttpError(400, code, message, [{ path, message, code: detail, params }]);
export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found`);
/** A 404 that names the input holding the id (`body.payment_profile`, `params.id`), answered alike for unknown and foreign ids. */
export const notFoundAt = (path: string, what: string) =>
  new HttpError(404, 'not_found', `${what} not found`, [
    { path, code: 'notFound', message: `No such ${what.toLowerCase()}` },
  ]);
export const forbidden = (message = 'You do not have the role needed for this') =>
  new HttpError(403, 'forbidden', message);
export const unauthenticated = (message = 'Sign in first') => new HttpError(401, 'unauthenticated', message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);

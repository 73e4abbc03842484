import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-error.ts';

/**
 * Values that PostgreSQL cannot store (or stores changed): a NUL character in text or jsonb, a lone
 * UTF-16 surrogate (written as U+FFFD, so the stored text silently differs), and numbers beyond
 * the exact range of a JavaScript number (a bigint column would hold a rounded value, or refuse).
 * Checked once for every request's body, query string and path parameters before any route
 * schema or query runs, so no route can forget it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const unstorableText = (value: string): string | undefined => {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return undefined;
};

const MAX_DEPTH = 32;

/** The first value under `root` that cannot be stored, with its dotted path. */
export const findUnstorable = (
  value: unknown,
  path: string,
  depth = 0,
): { path: string; message: string } | undefined => {
  if (typeof value === 'string') {
    const message = unstorableText(value);
    return message ? { path, message: `${path.replace(/^\w+\./, '')} ${message}` } : undefined;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { path, message: `${path.replace(/^\w+\./, '')} must be a finite number` };
    if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
      return { path, message: `${path.replace(/^\w+\./, '')} is too large` };
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // A file's bytes (dispute evidence) go to a bytea column as they are: nothing to check per byte.
  if (value instanceof Uint8Array) return undefined;
  if (depth > MAX_DEPTH) return { path, message: `${path.replace(/^\w+\./, '')} is nested too deeply` };
  for (const [key, item] of Object.entries(value)) {
    const keyMessage = unstorableText(key);
    if (keyMessage) return { path, message: `a key in ${path} ${keyMessage}` };
    const found = findUnstorable(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
};

const check = (request: FastifyRequest) => {
  for (const [context, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const found = findUnstorable(value, context);
    if (found) throw badRequest(found.path, found.message);
  }
};

export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => check(request));
};

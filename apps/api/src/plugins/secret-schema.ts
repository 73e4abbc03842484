import type { FastifyRequest } from 'fastify';
import { isSecretSchema } from '@kassa/domain';
import type { z } from 'zod';

type Schema = z.core.$ZodType;
/** What a walk does with a value at a secret position: its replacement. */
type OnSecret = (value: unknown) => unknown;

// Bodies are at most 1 MiB of JSON and the schemas are finite, but a recursive (lazy) schema walks
// as deep as its value: stop well before the stack does.
const MAX_DEPTH = 64;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

const isZodSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/** A shallow copy of the object with each of its values replaced by `replace(key, value)`. */
const mapObject = (value: Record<string, unknown>, replace: (key: string, item: unknown) => unknown) => {
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = replace(key, item);
  return copy;
};

/** The schemas a schema is built of (wrapped, piped, members, fields, items). */
const partsOf = (schema: Schema): unknown[] => {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'pipe':
      return [def.in, def.out];
    case 'lazy':
      return [(def.getter as () => Schema)()];
    case 'union':
      return def.options as unknown[];
    case 'intersection':
      return [def.left, def.right];
    case 'object':
      return [...Object.values(def.shape as Record<string, unknown>), def.catchall];
    case 'record':
      return [def.valueType];
    case 'array':
      return [def.element];
    case 'tuple':
      return [...(def.items as unknown[]), def.rest];
    default:
      return [def.innerType];
  }
};

const holdsSecrets = new WeakMap<Schema, boolean>();
/**
 * Whether anything in the schema is marked secret, worked out once per schema: most bodies and
 * answers (every list an API key reads is in the trail) have none and are not walked at all.
 */
const holdsSecret = (schema: Schema, seen = new Set<Schema>()): boolean => {
  const known = holdsSecrets.get(schema);
  if (known !== undefined) return known;
  if (seen.has(schema)) return false;
  const top = seen.size === 0;
  seen.add(schema);
  const result = isSecretSchema(schema) || partsOf(schema).some((part) => isZodSchema(part) && holdsSecret(part, seen));
  // A recursive schema's answer is final only at the top of its cycle.
  if (top || result) holdsSecrets.set(schema, result);
  return result;
};

/**
 * Walks a body against the zod schema that declares it and replaces every value at a position the
 * schema marks secret (`secret()` in packages/domain), wherever it sits: object fields, array
 * items, record values, every member of a union or intersection. The body may be the raw input
 * (validation failed) or the parsed output: a pipe is walked with both of its sides.
 */
const walk = (schema: Schema | undefined, value: unknown, onSecret: OnSecret, depth: number): unknown => {
  if (!schema || value === undefined || value === null || depth > MAX_DEPTH || !holdsSecret(schema)) return value;
  if (isSecretSchema(schema)) return onSecret(value);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const next = (inner: unknown, item: unknown) => (isZodSchema(inner) ? walk(inner, item, onSecret, depth + 1) : item);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return next(def.innerType, value);
    case 'pipe':
      return next(def.out, next(def.in, value));
    case 'lazy':
      return next((def.getter as () => Schema)(), value);
    case 'union':
      // A value may match any member: each member masks what it declares secret.
      return (def.options as Schema[]).reduce<unknown>((current, option) => next(option, current), value);
    case 'intersection':
      return next(def.right, next(def.left, value));
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, Schema>;
      return mapObject(value, (key, item) =>
        Object.hasOwn(shape, key) ? next(shape[key], item) : next(def.catchall, item),
      );
    }
    case 'record':
      return isPlainObject(value) ? mapObject(value, (_key, item) => next(def.valueType, item)) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => next(def.element, item)) : value;
    case 'tuple':
      return Array.isArray(value)
        ? value.map((item, index) => next((def.items as Schema[])[index] ?? def.rest, item))
        : value;
    default:
      return value;
  }
};

/** The MASK of an audit or log line for a present value; an empty or missing value stays as it is. */
const maskWith =
  (mask: string): OnSecret =>
  (value) =>
    value === '' ? value : mask;

/** A copy of the body with every value the schema marks secret replaced by `mask`. */
export const maskSecretsBySchema = (schema: unknown, value: unknown, mask: string): unknown =>
  isZodSchema(schema) ? walk(schema, value, maskWith(mask), 0) : value;

const collectStrings = (value: unknown, into: Set<string>) => {
  if (typeof value === 'string' && value !== '') into.add(value);
  else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) value.forEach((item) => collectStrings(item, into));
  else if (isPlainObject(value)) Object.values(value).forEach((item) => collectStrings(item, into));
};

/** Every text the schema marks secret in the body (to scrub from free text: error messages, logged errors). */
export const secretValuesBySchema = (schema: unknown, value: unknown): string[] => {
  if (!isZodSchema(schema)) return [];
  const found = new Set<string>();
  walk(
    schema,
    value,
    (secretValue) => {
      collectStrings(secretValue, found);
      return secretValue;
    },
    0,
  );
  return [...found];
};

/** The body schema the request's route declares (a zod schema, or undefined). */
export const bodySchemaOf = (request: FastifyRequest): unknown =>
  (request.routeOptions.schema as { body?: unknown } | undefined)?.body;

/** The response schema the request's route declares for this status (`201`, `2xx` or `default`). */
export const responseSchemaOf = (request: FastifyRequest, statusCode: number): unknown => {
  const response = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return undefined;
  return response[statusCode] ?? response[`${Math.floor(statusCode / 100)}xx`] ?? response.default;
};

/** Replaces every occurrence of the secrets in a text (longest first, so a secret inside another goes with it). */
export const scrubText = (text: string, secrets: readonly string[], mask: string): string => {
  let result = text;
  for (const value of [...secrets].sort((a, b) => b.length - a.length)) {
    // Very short values (a digit, a flag) would mask ordinary words and numbers; they tell little anyway.
    if (value.length >= 4) result = result.split(value).join(mask);
  }
  return result;
};

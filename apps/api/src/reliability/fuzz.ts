import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/**
 * Schema fuzzing from the app's own /v1/openapi.json with fast-check: for every operation,
 * bodies and query strings generated from its documented schema (valid shapes, boundary values,
 * any Unicode including lone surrogates, strings at their maximum length), the same with one
 * field replaced by arbitrary JSON, and arbitrary JSON outright. Every answer must be below 500,
 * and every 4xx in the one error format.
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  maxItems?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema | string }[];
};

const text = (min = 0, max = 40) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, Math.min(max, 20)) }),
    },
    // At the documented maximum: the longest text a route accepts must also be storable (indexes, columns).
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('x', 'é', '€', '\u{1F600}', '<b>', "'", '%', '_')
        .map((c) => c.repeat(Math.max(min, Math.min(max, 100_000)))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '0',
        '-1',
        'null',
        'true',
        '1e309',
        '9223372036854775808',
        '2026-02-30',
        '../../etc',
        "' or 1=1 --",
        '=cmd|x',
        '\u0000',
        '\uD800',
        'tx_00000000000000000000000000',
      ),
    },
  );

const numberArb = (schema: JsonSchema, integer: boolean) => {
  const low = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
  const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const min = Math.max(low, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  const bounded = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // fast-check already favours bounds; add the edges of PostgreSQL's integer types too.
  return fc.oneof(
    { weight: 5, arbitrary: bounded },
    {
      weight: 1,
      arbitrary: fc.constantFrom(0, -1, 1, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 0.5, 1e21),
    },
  );
};

/** An arbitrary for values of a JSON schema (mostly valid, always plausible). */
export const arbitraryFor = (schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> => {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const variants = schema.anyOf ?? schema.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (variants?.length) arb = fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)));
  else if (schema.allOf?.length) arb = arbitraryFor(schema.allOf[0], depth + 1);
  else if (schema.enum) arb = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) arb = fc.constant(schema.const);
  else {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'string':
        if (schema.format === 'date-time')
          arb = fc.oneof(
            fc.date({ min: new Date(-1e14), max: new Date(1e14), noInvalidDate: true }).map((d) => d.toISOString()),
            text(),
          );
        else if (schema.format === 'email') arb = fc.oneof(fc.emailAddress(), text());
        else if (schema.format === 'uri') arb = fc.oneof(fc.webUrl(), text());
        else arb = text(schema.minLength ?? 0, schema.maxLength ?? 60);
        break;
      case 'integer':
        arb = numberArb(schema, true);
        break;
      case 'number':
        arb = numberArb(schema, false);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'array':
        arb = fc.array(arbitraryFor(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
        break;
      case 'object':
      case undefined: {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const keys = Object.keys(properties);
        if (!keys.length) {
          arb =
            schema.additionalProperties && typeof schema.additionalProperties === 'object'
              ? fc.dictionary(fc.string({ maxLength: 12 }), arbitraryFor(schema.additionalProperties, depth + 1), {
                  maxKeys: 3,
                })
              : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
          break;
        }
        arb = fc.record(Object.fromEntries(keys.map((key) => [key, arbitraryFor(properties[key], depth + 1)])), {
          requiredKeys: keys.filter((k) => required.has(k)),
        });
        break;
      }
      case 'null':
        arb = fc.constant(null);
        break;
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb;
};

/** A request body: from the schema, the schema with one field replaced by any JSON, or any JSON at all. */
const bodyArb = (schema: JsonSchema | undefined) => {
  const valid = arbitraryFor(schema);
  const keys = Object.keys(schema?.properties ?? {});
  const mutated = keys.length
    ? fc
        .tuple(valid, fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }))
        .map(([body, key, value]) => ({ ...(body as object), [key]: value }))
    : valid;
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 3, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
};

const LIST_KEYS = [
  '_limit',
  '_skip',
  '_sort',
  '_search',
  '_search_by',
  '_populate',
  '_fields',
  '_format',
  '_lang',
  '_tz',
  'status',
  'status[]',
  'created_at>',
  'created_at<',
  'amount>',
  'amount<',
  'organisation',
  'id',
  'id[]',
  'currency_code',
  'unknown_key',
];

/** A query string: documented parameters from their schema, list keys and arbitrary keys with arbitrary values. */
const queryArb = (op: Operation) => {
  const documented = (op.parameters ?? []).filter(
    (p) => p.in === 'query' && typeof p.schema === 'object' && p.name !== 'additionalProperties',
  );
  const keyArb = fc.oneof(
    ...(documented.length ? [fc.constantFrom(...documented.map((p) => p.name))] : []),
    fc.constantFrom(...LIST_KEYS),
    fc.string({ maxLength: 10 }),
  );
  const valueFor = (key: string) => {
    const schema = documented.find((p) => p.name === key)?.schema as JsonSchema | undefined;
    return schema ? arbitraryFor(schema).map(String) : text(0, 30);
  };
  return fc
    .array(
      keyArb.chain((key) => fc.tuple(fc.constant(key), valueFor(key))),
      { maxLength: 4 },
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [key, value] of pairs) params.append(key, value);
      const qs = params.toString();
      return qs ? `?${qs}` : '';
    });
};

/** A URL carries UTF-8, which has no lone surrogates: they become U+FFFD as a browser would send them. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Path parameters: an id of the caller's own object when known, or any text. */
const pathArb = (path: string, ids: string[]) =>
  fc
    .tuple(
      ...[...path.matchAll(/\{[^}]+\}/g)].map(() =>
        fc.oneof(
          { weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant('x') },
          { weight: 2, arbitrary: text(1, 40) },
        ),
      ),
    )
    .map((values) => {
      let i = 0;
      return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(wellFormed(values[i++] as string)));
    });

export type FuzzCase = { method: string; url: string; payload?: unknown; raw?: string };
export type FuzzResult = {
  operations: number;
  requests: number;
  fiveXx: string[];
  badFormat: string[];
  statuses: Record<string, number>;
};

/** Operations that would end the caller's session or send mail and webhooks to the world. */
const SKIP = new Set([
  'POST /v1/auth/logout',
  'POST /v1/profile/sessions/revoke-others',
  'POST /v1/webhook',
  'POST /v1/webhook/{id}/resend',
]);

/**
 * Fuzzes every operation with its own seed (the cases do not depend on the order). `lanes`
 * operations are fuzzed side by side, as concurrent clients would call them; 1 is one after another.
 */
export const fuzzOpenApi = async (
  app: FastifyInstance,
  headers: Record<string, string>,
  options: { runsPerOperation: number; seed: number; ids: string[]; lanes?: number },
): Promise<FuzzResult> => {
  const openapi = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const result: FuzzResult = { operations: 0, requests: 0, fiveXx: [], badFormat: [], statuses: {} };
  const operations: { path: string; method: string; op: Operation; seed: number }[] = [];
  let seed = options.seed;
  for (const [path, ops] of Object.entries(openapi.paths)) {
    for (const [lower, op] of Object.entries(ops)) {
      const method = lower.toUpperCase();
      if (!SKIP.has(`${method} ${path}`)) operations.push({ path, method, op, seed: seed++ });
    }
  }
  result.operations = operations.length;
  let next = 0;
  const lane = async () => {
    while (next < operations.length) {
      const { path, method, op, seed: operationSeed } = operations[next++];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      const caseArb = fc.tuple(
        pathArb(path, options.ids),
        queryArb(op),
        method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : bodyArb(schema),
      );
      for (const [url, query, payload] of fc.sample(caseArb, {
        numRuns: options.runsPerOperation,
        seed: operationSeed,
      })) {
        result.requests++;
        const response = await app.inject({
          method: method as 'GET',
          url: url + query,
          headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
        });
        const bucket = `${Math.floor(response.statusCode / 100)}xx`;
        result.statuses[bucket] = (result.statuses[bucket] ?? 0) + 1;
        const sample = `${method} ${url}${query} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 300)}`;
        if (response.statusCode >= 500) result.fiveXx.push(`${response.statusCode} ${sample}`);
        else if (response.statusCode >= 400) {
          const body = (() => {
            try {
              return response.json() as Record<string, unknown>;
            } catch {
              return undefined;
            }
          })();
          const ok =
            body &&
            body.statusCode === response.statusCode &&
            typeof body.code === 'string' &&
            typeof body.message === 'string' &&
            typeof body.requestId === 'string' &&
            (body.details === undefined ||
              (Array.isArray(body.details) &&
                body.details.every(
                  (d: { path?: unknown; message?: unknown }) =>
                    typeof d.path === 'string' && typeof d.message === 'string',
                )));
          if (!ok) result.badFormat.push(`${response.statusCode} ${sample}: ${response.body.slice(0, 200)}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.lanes ?? 1) }, lane));
  return result;
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './test/app.ts';
import { createTestWorld, TEST_PASSWORD } from './test/world.ts';
import { sql } from './plugins/db/index.ts';

/**
 * Input PostgreSQL cannot store is refused with 400 naming the field, before any query, on every
 * route: proven over every write route and every string field of its documented body, every
 * path parameter and the query string of every list.
 */
type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string }[];
};

/** Dotted paths of the string leaves of a JSON schema (arrays as `.0`), at most a few levels down. */
const stringLeaves = (schema: Schema | undefined, path: string[] = [], depth = 0): string[][] => {
  if (!schema || depth > 4) return [];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (variants.length)
    return variants
      .flatMap((v) => stringLeaves(v, path, depth))
      .filter((p, i, all) => all.findIndex((q) => q.join('.') === p.join('.')) === i);
  if (schema.type === 'string') return [path];
  if (schema.type === 'array') return stringLeaves(schema.items, [...path, '0'], depth + 1);
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]) =>
    stringLeaves(child, [...path, name], depth + 1),
  );
};

/** A body holding `value` at `path` (objects, or arrays for numeric segments). */
const bodyWith = (path: string[], value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return /^\d+$/.test(head) ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
};

const BAD_TEXT: [string, string, RegExp][] = [
  ['NUL', 'a\u0000b', /NUL/],
  ['lone surrogate', 'a\uD800b', /surrogate/],
];

let t: TestApp;
let admin: { cookie: string };
let openapi: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  await createTestWorld(t.db);
  // Every route answers, the finance ones too: they need the collecting feature.
  await t.db.query(sql`update organisation set features = '{collecting}'`);
  admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  openapi = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(openapi.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      path,
      op,
    })),
  );
const urlOf = (path: string, fill = 'x') => path.replace(/\{[^}]+\}/g, fill);

describe('input PostgreSQL cannot store', () => {
  it('is refused with 400 on the field in every string of every write body', async () => {
    let tried = 0;
    const failures: string[] = [];
    for (const { method, path, op } of operations()) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (method === 'GET' || !schema) continue;
      for (const leaf of stringLeaves(schema)) {
        for (const [label, text, message] of BAD_TEXT) {
          tried++;
          const response = await t.app.inject({
            method,
            url: urlOf(path),
            headers: admin,
            payload: bodyWith(leaf, text) as object,
          });
          const body = response.json();
          const field = `body.${leaf.join('.')}`;
          const named = (body.details ?? []).some(
            (d: { path: string; message: string }) => d.path === field && message.test(d.message),
          );
          if (response.statusCode !== 400 || !named)
            failures.push(
              `${method} ${path} ${field} (${label}): ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(150);
    // Hundreds of requests: on PostgreSQL on a busy machine this takes longer than one test's default.
  }, 180_000);

  it('is refused in path parameters and query strings of every route', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations()) {
      if (path.includes('{')) {
        const url = urlOf(path, 'a%00b');
        const withParam = await t.app.inject({
          method,
          url,
          headers: admin,
          payload: method === 'GET' ? undefined : {},
        });
        if (
          withParam.statusCode !== 400 ||
          !withParam.json().details?.some((d: { path: string }) => d.path.startsWith('params.'))
        ) {
          failures.push(`${method} ${url}: ${withParam.statusCode}`);
        }
      }
      if (method !== 'GET') continue;
      const query = await t.app.inject({ method, url: `${urlOf(path)}?_search=a%00b`, headers: admin });
      if (
        query.statusCode !== 400 ||
        !query.json().details?.some((d: { path: string }) => d.path === 'querystring._search')
      ) {
        failures.push(`${method} ${path}?_search=NUL: ${query.statusCode}`);
      }
      const surrogate = await t.app.inject({ method, url: `${urlOf(path)}?_search=%ED%A0%80`, headers: admin });
      if (surrogate.statusCode >= 500)
        failures.push(`${method} ${path}?_search=surrogate bytes: ${surrogate.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('keeps a NUL out of a name on the profile and a user (the reported 500s), and changes nothing', async () => {
    const own = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: own,
      payload: { name: 'Anna\u0000' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ code: 'validation_error', details: [{ path: 'body.name' }] });
    const [user] = await t.db.query<{ id: string; name: string }>(
      sql`select id, name from app_user where email = 'a-analyst@test.kassa'`,
    );
    const update = await t.app.inject({
      method: 'POST',
      url: `/v1/user/${user.id}`,
      headers: own,
      payload: { name: 'Eve\u0000', roles: ['TRANSACTION_LIST'] },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().details).toMatchObject([
      { path: 'body.name', message: 'name must not contain a NUL character' },
    ]);
    const names = await t.db.query<{ email: string; name: string }>(
      sql`select email, name from app_user where email in ('a@test.kassa', 'a-analyst@test.kassa')`,
    );
    expect(Object.fromEntries(names.map((n) => [n.email, n.name]))).toEqual({
      'a@test.kassa': 'a',
      'a-analyst@test.kassa': 'a-analyst',
    });
  });

  it('refuses numbers beyond the exact range, and keys that cannot be stored', async () => {
    const own = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/refund',
      headers: { ...own, 'content-type': 'application/json' },
      payload: '{"transaction":"x","amount":1e300}',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0].path).toBe('body.amount');
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: own,
      payload: { ['na\u0000me']: 'x' },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().details[0].path).toBe('body');
  });
});

// Runs on both engines: issue 31 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';
import { callAs, signInTestUsers, type Caller } from './test/call.ts';
import { updateFixtures, type UpdateFixture } from './test/update-fixtures.ts';
import { createTestWorld, TEST_PASSWORD } from './test/world.ts';

/**
 * Issue 31 item 1: an update changes exactly the fields it sends, on every entity. Every update
 * route of the OpenAPI document gets a fresh row per field, one field sent with a valid changed
 * value, and the row read back: the field changed, every other field did not.
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
};
type Operation = { requestBody?: { content: Record<string, { schema?: JsonSchema }> } };
type Document = { paths: Record<string, Record<string, Operation>> };

/** At least this many update routes: the sweep cannot silently cover none (27 when written). */
const MIN_ROUTES = 25;
/** Row fields every write moves: when, by whom, which version. */
const ALWAYS_MOVES = new Set(['updated_at', 'updated_by', 'version']);

let t: TestApp;
let doc: Document;
let fixtures: Record<string, UpdateFixture>;
let callers: { a: Caller; provider: Caller };

beforeAll(async () => {
  t = await createTestApp();
  const world = await createTestWorld(t.db);
  callers = await signInTestUsers(t.app, TEST_PASSWORD);
  doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  fixtures = await updateFixtures(t.app, t.db, world, callers);
}, 120_000);
afterAll(() => t.close());

/** POST routes that update the row their `{id}` names, with the fields of their body. */
const updateRoutes = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => {
    const body = item.post?.requestBody?.content['application/json']?.schema;
    return /\/\{id\}(\/configuration)?$/.test(path) && body?.properties ? [{ path, body }] : [];
  });

/** The branch of a nullable or "'' means none" field that carries a value. */
const valueBranch = (schema: JsonSchema): JsonSchema =>
  schema.anyOf?.find((s) => !(s.enum?.length === 1 && s.enum[0] === '') && s.type !== 'null') ?? schema;

/** A valid value unlike `current`, from the field's schema; undefined when the schema does not say enough. */
const derive = (field: string, property: JsonSchema, current: unknown): unknown => {
  const s = valueBranch(property);
  if (s.type === 'boolean') return !current;
  if (s.enum) return s.enum.find((v) => v !== current);
  if (s.type === 'array' && s.items?.enum) {
    const now = Array.isArray(current) ? current : [];
    return now.length > 1 ? [...now].reverse() : [s.items.enum.find((v) => v !== now[0])];
  }
  if (s.type === 'integer' || s.type === 'number') {
    const next = typeof current === 'number' ? current + 1 : (s.minimum ?? 0) + 1;
    return next <= (s.maximum ?? Infinity) ? next : s.minimum;
  }
  if (s.type !== 'string') return undefined;
  if (s.pattern === '^#[0-9a-fA-F]{6}$') return current === '#13579b' ? '#2468ac' : '#13579b';
  if (s.format === 'email') return `changed-${field.length}@update.test`;
  if (s.format === 'uri') return `https://changed.update.test/${field}`;
  if (s.pattern || s.format) return undefined;
  return `Changed ${field}`.slice(0, s.maxLength ?? 200);
};

const read = async (who: Caller, path: string, id: string) => {
  const answer = await callAs(t.app, who, 'GET', path.replace('{id}', id));
  expect(answer.status, `GET ${path} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as Record<string, unknown>;
};

describe('an update changes exactly the fields it sends', () => {
  it('finds the update routes of the OpenAPI document, each with a fixture and a PUT twin', () => {
    const routes = updateRoutes().map((r) => r.path);
    expect(routes.length).toBeGreaterThanOrEqual(MIN_ROUTES);
    expect(routes.filter((path) => !fixtures[path])).toEqual([]);
    expect(Object.keys(fixtures).filter((path) => !routes.includes(path))).toEqual([]);
    expect(routes.filter((path) => !doc.paths[path].put)).toEqual([]);
  });

  it('declares no defaults in an update body: an absent field is not filled in', () => {
    const withDefaults = updateRoutes().flatMap(({ path, body }) =>
      Object.entries(body.properties ?? {})
        .filter(([, property]) => property.default !== undefined)
        .map(([field]) => `${path} ${field}`),
    );
    expect(withDefaults).toEqual([]);
  });

  it('sends one field at a time to every update route and finds every other field unchanged', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const { path, body } of updateRoutes()) {
      const fixture = fixtures[path];
      const who = callers[fixture.who];
      for (const [field, property] of Object.entries(body.properties ?? {})) {
        if (fixture.skip?.[field]) continue;
        const id = await fixture.create();
        const before = await read(who, path, id);
        const shownAs = fixture.shownAs?.[field] ?? field;
        const value =
          field in (fixture.values ?? {}) ? fixture.values?.[field] : derive(field, property, before[shownAs]);
        if (value === undefined) {
          problems.push(`${path} ${field}: no value (add one to update-fixtures.ts)`);
          continue;
        }
        const answer = await callAs(t.app, who, 'POST', path.replace('{id}', id), { [field]: value });
        sent++;
        if (answer.status !== 200) {
          problems.push(`${path} ${field}: ${answer.status} ${JSON.stringify(answer.body)}`);
          continue;
        }
        const after = await read(who, path, id);
        if (shownAs in before && isDeepStrictEqual(before[shownAs], after[shownAs]))
          problems.push(`${path} ${field}: not changed (${JSON.stringify(after[shownAs])})`);
        const mayMove = new Set([shownAs, ...ALWAYS_MOVES, ...(fixture.derived?.[field] ?? [])]);
        for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
          if (mayMove.has(key) || isDeepStrictEqual(before[key], after[key])) continue;
          problems.push(
            `${path} ${field}: also changed ${key} ${JSON.stringify(before[key])} → ${JSON.stringify(after[key])}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_ROUTES * 3);
  }, 300_000);
});

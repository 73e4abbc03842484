import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD } from '../test/world.ts';
import type { EntityDef } from './entity.ts';
import { getEntity, getEntityJson, listEntity, listEntityJson } from './repository.ts';
import type { Scope } from './scope.ts';
import { openDemoScopes } from './demo-scopes.fixtures.ts';

// Lists and details are written as JSON by the database in production (query/json-rows.sql.ts).
// Every entity, in every kind of scope, sorted several ways, with all its relations: the JSON the
// database writes must be what the serializer makes of the rows the query layer builds.

/** Every entity some module defines: found in the source, so a new one is checked the day it lands. */
const allEntities = async (): Promise<EntityDef[]> => {
  const modules = new URL('../modules/', import.meta.url).pathname;
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.ts') &&
      !file.endsWith('.test.ts') &&
      readFileSync(join(modules, file), 'utf8').includes('defineEntity('),
  );
  const found = new Set<EntityDef>();
  for (const file of files) {
    for (const value of Object.values(await import(join(modules, file)))) {
      if (value && typeof value === 'object' && 'fields' in value && 'table' in value && 'row' in value)
        found.add(value as EntityDef);
    }
  }
  return [...found];
};

const asSerialized = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('rows written as JSON by the database', () => {
  let db: Db;
  let scopes: [string, Scope][] = [];
  beforeAll(async () => {
    ({ db, scopes } = await openDemoScopes(5));
  }, 180_000);
  afterAll(() => db.close());

  it('are what the serializer makes of the rows, for every entity, scope, sort and relation', async () => {
    const entities = await allEntities();
    expect(entities.length).toBeGreaterThan(40);
    let rows = 0;
    let populated = 0;
    let bareIds = 0;
    for (const entity of entities) {
      const names = Object.keys(entity.populate ?? {});
      const sortable = Object.entries(entity.fields).filter(([, field]) => field.sort);
      const sorts = sortable.slice(0, 3).flatMap(([name]) => [`-${name}`, name]);
      for (const [label, scope] of scopes) {
        for (const sort of sorts) {
          const query = {
            _limit: '40',
            _sort: sort,
            ...(names.length ? { _populate: names.join(' ') } : {}),
          };
          const where = `${entity.name} as ${label} sorted ${sort}`;
          const built = await listEntity(db, entity, scope, query);
          const written = await listEntityJson(db, entity, scope, query);
          expect(written, where).toBeTypeOf('string');
          expect(JSON.parse(written as string), where).toEqual(asSerialized(built));
          rows += built.length;
          for (const row of built as Record<string, unknown>[]) {
            populated += names.filter((name) => row[name] !== null && typeof row[name] === 'object').length;
            bareIds += names.filter((name) => typeof row[name] === 'string').length;
          }
          const first = built[0] as { id: string } | undefined;
          if (first && sort === sorts[0]) {
            const one = await getEntityJson(db, entity, scope, first.id, query);
            expect(JSON.parse(one as string), `${where}: ${first.id}`).toEqual(
              asSerialized(await getEntity(db, entity, scope, first.id, query)),
            );
          }
        }
      }
    }
    // The comparison saw many rows, related objects and relations outside the actor's tenancy
    // (a bare id), not a world of empty lists.
    expect(rows).toBeGreaterThan(2000);
    expect(populated).toBeGreaterThan(500);
    expect(bareIds).toBeGreaterThan(0);
  }, 240_000);
});

describe('a list answered in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const world = await createTestWorld(t.db);
    for (let index = 0; index < 30; index++)
      await insertTestTransaction(t.db, world.shopA, world.profileA, {
        amount: 1000 + index,
        tags: index % 3 ? [] : ['vip'],
      });
  });
  afterAll(() => t.close());

  it('is sent as the database wrote it: JSON, the rows a development server checks and sends', async () => {
    const production = await buildApp({ db: t.db, config: { ...t.config, nodeEnv: 'production' } });
    const url = '/v1/transaction?_limit=25&_sort=-created_at&_populate=payment_profile%20processor';
    const get = async (app: typeof production, path: string) =>
      app.inject({ url: path, headers: { cookie: (await signIn(app, 'a@test.kassa', TEST_PASSWORD)).cookie } });
    const sent = await get(production, url);
    const checked = await get(t.app, url);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(sent.json()).toHaveLength(25);
    expect(sent.json()).toEqual(checked.json());
    expect(sent.json()[0].payment_profile).toMatchObject({ name: 'Shop A web' });
    const id = sent.json()[0].id as string;
    const detail = await get(production, `/v1/transaction/${id}?_populate=payment_profile`);
    expect(detail.json()).toEqual((await get(t.app, `/v1/transaction/${id}?_populate=payment_profile`)).json());
    expect((await get(production, '/v1/transaction/tx_unknown')).statusCode).toBe(404);
    await production.close();
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signIn } from '../test/app.ts';
import { openSecondProcessDb, openTestDb } from '../test/engine.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../test/world.ts';
import { sql, type Db } from './db/index.ts';

// Two API processes on one database (PostgreSQL: two pools, each listening; PGlite: one database).
// Each keeps validated API keys in memory (issue 14); a key revoked, deleted or narrowed by either
// of them, or by any SQL, must be refused by the other on the very next request.
let db: Db;
let world: TestWorld;
let second: { db: Db; close: () => Promise<void> };
let a: FastifyInstance;
let b: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  db = await openTestDb();
  world = await createTestWorld(db);
  second = await openSecondProcessDb(db);
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  a = await buildApp({ config, db });
  b = await buildApp({ config, db: second.db });
  await Promise.all([a.ready(), b.ready()]);
  cookie = (await signIn(a, 'a@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await second?.close();
  await db?.close();
});

/** A new key of shop A, made through process a by a signed-in user. */
const newKey = async (roles = ['USER_ALL']) => {
  const response = await a.inject({
    method: 'POST',
    url: '/v1/apikey',
    headers: { cookie },
    payload: { name: 'cached key', roles },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; key: string }>();
};
const list = (app: FastifyInstance, key: string, url = '/v1/transaction?_limit=1') =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } }).then((r) => r.statusCode);
/** Asks twice, so the second answer comes from the process's cache. */
const warm = async (app: FastifyInstance, key: string) => {
  expect(await list(app, key)).toBe(200);
  expect(await list(app, key)).toBe(200);
};

describe('validated API keys kept per process', () => {
  it('refuses a key revoked on the other process at once', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { id, key } = await newKey();
      await warm(b, key);
      await warm(a, key);
      const revoked = await a.inject({ method: 'POST', url: `/v1/apikey/${id}/revoke`, headers: { cookie } });
      expect(revoked.statusCode).toBe(200);
      expect(await list(b, key)).toBe(401);
      expect(await list(a, key)).toBe(401);
    }
  });

  it('refuses at once, in both processes, a key made with a key when the key that made it is revoked', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const maker = await newKey();
      const { id, key } = await newKey();
      // Made with `maker` before keys were refused on key routes (migration 0100 recorded it).
      await db.query(sql`update api_key set created_by_key_id = ${maker.id} where id = ${id}`);
      await warm(b, key);
      await warm(a, key);
      const revoked = await a.inject({ method: 'POST', url: `/v1/apikey/${maker.id}/revoke`, headers: { cookie } });
      expect(revoked.statusCode).toBe(200);
      expect(await list(b, key)).toBe(401);
      expect(await list(a, key)).toBe(401);
    }
  });

  it('refuses a key that tries to revoke a key (a person revokes keys)', async () => {
    const admin = await newKey();
    const { id, key } = await newKey();
    await warm(b, key);
    const refused = await a.inject({
      method: 'POST',
      url: `/v1/apikey/${id}/revoke`,
      headers: { authorization: `Bearer ${admin.key}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(await list(b, key)).toBe(200);
  });

  it('drops a key changed behind the API (plain SQL): revoked, deleted, narrowed, its merchant deactivated', async () => {
    const revoked = await newKey();
    await warm(b, revoked.key);
    await db.query(sql`update api_key set revoked_at = now() where id = ${revoked.id}`);
    await expect.poll(() => list(b, revoked.key), { timeout: 2000 }).toBe(401);
    expect(await list(a, revoked.key)).toBe(401);

    const deleted = await newKey();
    await warm(b, deleted.key);
    await db.query(sql`delete from api_key where id = ${deleted.id}`);
    await expect.poll(() => list(b, deleted.key), { timeout: 2000 }).toBe(401);

    const narrowed = await newKey();
    await warm(b, narrowed.key);
    expect(await list(b, narrowed.key, '/v1/refund?_limit=1')).toBe(200);
    await db.query(sql`update api_key set roles = '{TRANSACTION_LIST}' where id = ${narrowed.id}`);
    await expect.poll(() => list(b, narrowed.key, '/v1/refund?_limit=1'), { timeout: 2000 }).toBe(403);
    expect(await list(b, narrowed.key)).toBe(200);

    const merchant = await newKey();
    await warm(b, merchant.key);
    await db.query(sql`update organisation set active = false where id = ${world.shopA.id}`);
    try {
      await expect.poll(() => list(b, merchant.key), { timeout: 2000 }).toBe(401);
      expect(await list(a, merchant.key)).toBe(401);
    } finally {
      await db.query(sql`update organisation set active = true where id = ${world.shopA.id}`);
    }
    await expect.poll(() => list(b, merchant.key), { timeout: 2000 }).toBe(200);
  });

  it('touches last_used_at as without a cache (at most once a minute)', async () => {
    const { id, key } = await newKey();
    await warm(b, key);
    const [row] = await db.query<{ last_used_at: Date | null }>(sql`select last_used_at from api_key where id = ${id}`);
    expect(row.last_used_at).not.toBeNull();
  });
});

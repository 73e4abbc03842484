import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signIn } from '../test/app.ts';
import { openSecondProcessDb, openTestDb } from '../test/engine.ts';
import { createTestWorld, TEST_PASSWORD } from '../test/world.ts';
import { sql, type Db } from './db/index.ts';

// Two API processes on one database (PostgreSQL: two pools, each listening; PGlite: one database).
// Each keeps validated sessions in memory; whatever one of them (or any SQL) changes must be
// refused by the other on the very next request.
let db: Db;
let second: { db: Db; close: () => Promise<void> };
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  db = await openTestDb();
  await createTestWorld(db);
  second = await openSecondProcessDb(db);
  const config = loadConfig({ NODE_ENV: 'test' }, { webDist: '/nonexistent', demo: false, inProcessWorker: false });
  a = await buildApp({ config, db });
  b = await buildApp({ config, db: second.db });
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await second?.close();
  await db?.close();
});

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/v1/auth/me', headers: { cookie } }).then((r) => r.statusCode);
/** Asks twice, so the second answer comes from the process's cache. */
const warm = async (app: FastifyInstance, cookie: string) => {
  expect(await me(app, cookie)).toBe(200);
  expect(await me(app, cookie)).toBe(200);
};

describe('validated sessions kept per process', () => {
  it('serves a session from memory without asking the database again, and drops it on a change made behind the API', async () => {
    const { cookie } = await signIn(a, 'a@test.kassa', TEST_PASSWORD);
    const idleLongAgo = sql`update session set last_seen_at = now() - interval '30 days' where revoked_at is null and user_id = (select id from app_user where email = 'a@test.kassa')`;
    // Once b listens, it keeps the session it validated: the database alone would now refuse it as idle
    // (last_seen_at is not an auth change and notifies nobody; a copy lives at most one touch interval).
    await expect
      .poll(
        async () => {
          await db.query(
            sql`update session set last_seen_at = now() where revoked_at is null and user_id = (select id from app_user where email = 'a@test.kassa')`,
          );
          await warm(b, cookie);
          await db.query(idleLongAgo);
          return me(b, cookie);
        },
        { timeout: 20_000 },
      )
      .toBe(200);
    // A revocation made behind the API's back (plain SQL) reaches both processes through the database.
    await db.query(
      sql`update session set revoked_at = now() where revoked_at is null and user_id = (select id from app_user where email = 'a@test.kassa')`,
    );
    await expect.poll(() => me(b, cookie), { timeout: 2000 }).toBe(401);
    expect(await me(a, cookie)).toBe(401);
  });

  it('refuses a signed-out session on the other process at once', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { cookie } = await signIn(a, 'a@test.kassa', TEST_PASSWORD);
      await warm(b, cookie);
      await warm(a, cookie);
      expect((await a.inject({ method: 'POST', url: '/v1/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      expect(await me(b, cookie)).toBe(401);
      expect(await me(a, cookie)).toBe(401);
    }
  });

  it('refuses a user disabled on the other process at once, and sees a changed role', async () => {
    const admin = (await signIn(a, 'admin@test.kassa', TEST_PASSWORD)).cookie;
    const { cookie } = await signIn(a, 'a-analyst@test.kassa', TEST_PASSWORD);
    await warm(b, cookie);
    const list = () => b.inject({ method: 'GET', url: '/v1/refund', headers: { cookie } }).then((r) => r.statusCode);
    expect(await list()).toBe(403);
    await db.query(
      sql`insert into user_role (user_id, role) select id, 'REFUND_LIST' from app_user where email = 'a-analyst@test.kassa'`,
    );
    await expect.poll(list, { timeout: 2000 }).toBe(200);
    const [user] = await db.query<{ id: string }>(sql`select id from app_user where email = 'a-analyst@test.kassa'`);
    expect(
      (await a.inject({ method: 'POST', url: `/v1/user/${user.id}/disable`, headers: { cookie: admin } })).statusCode,
    ).toBe(200);
    expect(await me(b, cookie)).toBe(401);
  });
});

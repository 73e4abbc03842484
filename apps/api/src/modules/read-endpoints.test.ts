import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';

let t: TestApp;
let world: TestWorld;
const ids: Record<string, { a: string; b: string }> = {};
let shopA: { cookie: string };
let shopB: { cookie: string };
let noRole: { cookie: string };

/** One object of each read entity for Shop A and for Shop B. */
const seed = async () => {
  const customer = async (org: { id: string; merchantId: string | null }) => {
    const id = newId('cus');
    await t.db.query(
      sql`insert into customer (id, organisation_id, merchant_id, email_address, last_name, status) values (${id}, ${org.id}, ${org.merchantId}, ${`${id}@example.nl`}, 'Jansen', 'VERIFIED')`,
    );
    return id;
  };
  ids.customer = { a: await customer(world.shopA), b: await customer(world.shopB) };
  ids.transaction = {
    a: await insertTestTransaction(t.db, world.shopA, world.profileA, { customerId: ids.customer.a }),
    b: await insertTestTransaction(t.db, world.shopB, world.profileB, { customerId: ids.customer.b }),
  };
  const child = async (
    table: 'refund' | 'chargeback',
    org: { id: string; merchantId: string | null },
    profile: string,
    transaction: string,
  ) => {
    const id = newId(table === 'refund' ? 're' : 'cb');
    await t.db
      .query(sql`insert into ${sql.raw(table)} (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
      values (${id}, ${org.id}, ${org.merchantId}, ${transaction}, ${profile}, 100, 'EUR', ${table === 'refund' ? 'PROCESSED' : 'OPEN'})`);
    return id;
  };
  ids.refund = {
    a: await child('refund', world.shopA, world.profileA, ids.transaction.a),
    b: await child('refund', world.shopB, world.profileB, ids.transaction.b),
  };
  ids.chargeback = {
    a: await child('chargeback', world.shopA, world.profileA, ids.transaction.a),
    b: await child('chargeback', world.shopB, world.profileB, ids.transaction.b),
  };
  const settlement = async (org: { id: string; merchantId: string | null }, profile: string) => {
    const id = newId('st');
    await t.db.query(
      sql`insert into settlement (id, organisation_id, merchant_id, payment_profile_id, amount) values (${id}, ${org.id}, ${org.merchantId}, ${profile}, 5000)`,
    );
    return id;
  };
  ids.settlement = {
    a: await settlement(world.shopA, world.profileA),
    b: await settlement(world.shopB, world.profileB),
  };
  ids.paymentprofile = { a: world.profileA, b: world.profileB };
  ids.organisation = { a: world.shopA.id, b: world.shopB.id };
  const tag = async (org: { id: string }) => {
    const id = newId('tag');
    // merchant_id is left out on purpose: the table fills it from the organisation.
    await t.db.query(sql`insert into tag (id, organisation_id, text) values (${id}, ${org.id}, 'vip')`);
    return id;
  };
  ids.tag = { a: await tag(world.shopA), b: await tag(world.shopB) };
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await seed();
  shopA = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  shopB = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  noRole = await signIn(t.app, 'a-norole@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, headers: { cookie: string }) => t.app.inject({ method: 'GET', url, headers });

describe.each([
  'transaction',
  'refund',
  'chargeback',
  'customer',
  'settlement',
  'paymentprofile',
  'organisation',
  'tag',
])('GET /v1/%s', (entity) => {
  it("shows a merchant its own object and answers 404 for another merchant's", async () => {
    expect((await get(`/v1/${entity}/${ids[entity].a}`, shopA)).statusCode).toBe(200);
    const foreign = await get(`/v1/${entity}/${ids[entity].b}`, shopA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    expect((await get(`/v1/${entity}/${ids[entity].a}`, shopB)).statusCode).toBe(404);
  });

  it("never lists another merchant's objects, and count agrees with the list", async () => {
    const list = (await get(`/v1/${entity}?_limit=100`, shopA)).json() as { id: string }[];
    const listed = list.map((row) => row.id);
    expect(listed).toContain(ids[entity].a);
    expect(listed).not.toContain(ids[entity].b);
    expect((await get(`/v1/${entity}/count`, shopA)).json().count).toBe(list.length);
  });

  it('exports as many rows as the count call answers for the same filter', async () => {
    const exported = await get(`/v1/${entity}/export?_fields=id`, shopA);
    expect(exported.statusCode).toBe(200);
    const rows = exported.body.trim().split('\r\n').slice(1);
    expect(rows).toContain(ids[entity].a);
    expect(rows).not.toContain(ids[entity].b);
    expect(rows).toHaveLength((await get(`/v1/${entity}/count`, shopA)).json().count);
  });

  it('refuses a user without the role (403) and a signed-out request (401)', async () => {
    expect((await get(`/v1/${entity}`, noRole)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/v1/${entity}` })).statusCode).toBe(401);
  });

  it('refuses an unknown filter key naming it', async () => {
    const response = await get(`/v1/${entity}?nonsense=1`, shopA);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('querystring.nonsense');
  });
});

describe('shared provider objects', () => {
  it('lets merchant users read processors and middleware but not their credentials', async () => {
    const processors = (await get('/v1/processor', shopA)).json() as Record<string, unknown>[];
    expect(processors.length).toBeGreaterThan(0);
    expect(processors[0]).not.toHaveProperty('details');
    expect((await get('/v1/middleware', shopA)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from './payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let noor: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b] = await Promise.all(['a', 'b'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)));
  noor = await insertTestCustomer(t.db, world.shopA, { lastName: 'Vos' });
  await t.db.query(sql`update customer set first_name = 'Noor' where id = ${noor}`);
  const other = await insertTestCustomer(t.db, world.shopA, { lastName: 'Vos' });
  await t.db.query(sql`update customer set first_name = 'Daan' where id = ${other}`);
});
afterAll(() => t.close());

describe('customer search', () => {
  it('finds a customer by full name, as people type it, in any letter case', async () => {
    const found = await call(a, 'GET', '/v1/customer?_search=noor%20VOS');
    expect(found.status).toBe(200);
    expect(found.body.map((row: { id: string }) => row.id)).toEqual([noor]);
    expect(found.body[0].name).toBe('Noor Vos');
    const byName = await call(a, 'GET', '/v1/customer/count?_search=Noor%20V&_search_by=name');
    expect(byName.body.count).toBe(1);
    // The last name alone still finds both Voses.
    expect((await call(a, 'GET', '/v1/customer/count?_search=Vos')).body.count).toBe(2);
  });

  it('stays inside the tenant', async () => {
    expect((await call(b, 'GET', '/v1/customer/count?_search=Noor%20Vos')).body.count).toBe(0);
  });
});

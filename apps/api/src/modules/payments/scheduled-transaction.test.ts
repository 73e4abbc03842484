import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from './payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
let analyst: { cookie: string };
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, b, analyst] = await Promise.all(
    ['a', 'b', 'a-analyst'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  const customer = await insertTestCustomer(t.db, world.shopA);
  for (const [i, status] of ['CREATED', 'CREATED', 'DONE', 'FAILED'].entries()) {
    const id = newId('st', Date.now() - i * 60_000);
    ids.push(id);
    await t.db
      .query(sql`insert into scheduled_transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, amount, currency_code,
        due_at, status, failure_reason, created_at)
      values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${world.profileA}, ${customer}, ${1000 + i}, 'EUR', now() + interval '1 day', ${status},
        ${status === 'FAILED' ? 'insufficient funds' : null}, ${new Date(Date.now() - i * 60_000)})`);
  }
});
afterAll(() => t.close());

describe('scheduled transactions', () => {
  it('lists with the initial filter status[]=CREATED, counts and gets one populated', async () => {
    const created = await call(a, 'GET', '/v1/scheduled-transaction?status[]=CREATED');
    expect(created.body.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    expect((await call(a, 'GET', '/v1/scheduled-transaction/count')).body.count).toBe(4);
    const failed = await call(a, 'GET', `/v1/scheduled-transaction/${ids[3]}?_populate=customer%20payment_profile`);
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      failure_reason: 'insufficient funds',
      amount: 1003,
      attempts: 0,
    });
    expect(failed.body.customer.last_name).toBe('Jansen');
  });

  it('answers 400 naming a bad filter value', async () => {
    const answer = await call(a, 'GET', '/v1/scheduled-transaction?status=PAID');
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].path).toBe('querystring.status');
  });

  it("answers 404 for another organisation's row and hides it from lists", async () => {
    expect((await call(b, 'GET', `/v1/scheduled-transaction/${ids[0]}`)).status).toBe(404);
    expect((await call(b, 'GET', '/v1/scheduled-transaction/count')).body.count).toBe(0);
  });

  it('answers 403 without a scheduled transaction role', async () => {
    expect((await call(analyst, 'GET', '/v1/scheduled-transaction')).status).toBe(403);
  });
});

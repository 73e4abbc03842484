// Runs on both engines: issue 38 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './plugins/db/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { bearer, callAs, type Caller, signInTestUsers } from './test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from './test/world.ts';

/**
 * Test mode (issue 38 "Done when"): a test key never sees or changes live rows and a live key never
 * sees test rows, on every read route of the OpenAPI document; test payments leave live counts,
 * statistics and settlements as they were.
 */
type Mode = 'live' | 'test';
let t: TestApp;
let world: TestWorld;
let a: Caller;
let provider: Caller;
const keys = {} as Record<Mode, Caller>;
const ids = { live: [] as string[], test: [] as string[] };
const payments = { live: [] as string[], test: [] as string[] };

const MODED_TABLES = [
  'transaction',
  'refund',
  'chargeback',
  'customer',
  'payment_link',
  'card_add_link',
  'subscription',
  'scheduled_transaction',
  'webhook',
  'settlement',
  'payout',
  'report',
];

const pay = async (who: Caller, reference: string, amount = 1000) => {
  const made = await callAs(t.app, who, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: reference,
  });
  expect(made.status).toBe(201);
  return made.body.id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, provider } = await signInTestUsers(t.app, TEST_PASSWORD));
  for (const mode of ['live', 'test'] as const) {
    const key = await callAs(t.app, a, 'POST', '/v1/apikey', { name: `${mode} shop`, roles: ['USER_ALL'], mode });
    expect(key.status).toBe(201);
    keys[mode] = bearer(key.body.key);
    for (let i = 0; i < 2; i++) payments[mode].push(await pay(keys[mode], `${mode}-${i}`));
    const refund = await callAs(t.app, keys[mode], 'POST', `/v1/transaction/${payments[mode][0]}/refund`, {
      amount: 100,
    });
    expect(refund.status).toBe(201);
    const link = await callAs(t.app, keys[mode], 'POST', '/v1/payment-link', {
      payment_profile: world.profileA,
      amount: 2500,
    });
    expect(link.status).toBe(201);
    await t.db.query(sql`insert into customer (id, organisation_id, merchant_id, last_name, email_address, status, mode)
      values (${`cus_${mode}`}, ${world.shopA.id}, ${world.shopA.id}, ${`Customer ${mode}`}, ${`${mode}@example.test`}, 'ACTIVE', ${mode})`);
  }
  for (const table of MODED_TABLES)
    for (const row of await t.db.query<{ id: string; mode: Mode }>(
      sql`select id, mode from ${sql.raw(table)} where merchant_id = ${world.shopA.id}`,
    ))
      ids[row.mode].push(row.id);
}, 120_000);
afterAll(() => t.close());

const other = (mode: Mode): Mode => (mode === 'live' ? 'test' : 'live');

describe('test mode', () => {
  it('writes every row of a request in its mode: payments, their refunds and links', async () => {
    const rows = await t.db.query<{ id: string; mode: Mode }>(
      sql`select id, mode from transaction where id = any(${[...payments.live, ...payments.test]})`,
    );
    for (const row of rows) expect(row.mode).toBe(payments.live.includes(row.id) ? 'live' : 'test');
    const refunds = await t.db.query<{ mode: Mode; tx: Mode }>(
      sql`select r.mode, t.mode as tx from refund r join transaction t on t.id = r.transaction_id`,
    );
    expect(refunds.length).toBe(2);
    for (const refund of refunds) expect(refund.mode).toBe(refund.tx);
    expect(ids.test.length).toBeGreaterThanOrEqual(5);
    expect(ids.live.length).toBeGreaterThanOrEqual(5);
  });

  it('never shows a row of the other mode on any read route of the OpenAPI document (lists, counts, by id)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reads = Object.keys(doc.paths).filter(
      (path) => doc.paths[path].get && !path.startsWith('/v1/psp/') && !path.startsWith('/v1/docs'),
    );
    expect(reads.length).toBeGreaterThan(50);
    let calls = 0;
    const leaks: string[] = [];
    for (const mode of ['live', 'test'] as const) {
      const foreign = ids[other(mode)];
      for (const path of reads) {
        const params = path.match(/\{[^}]+\}/g) ?? [];
        const urls =
          params.length === 0
            ? [`${path}?_limit=500`]
            : params.length === 1
              ? foreign.map((id) => path.replace(params[0], id))
              : [];
        for (const url of urls) {
          const answer = await t.app.inject({ method: 'GET', url, headers: keys[mode] });
          calls++;
          if (answer.statusCode >= 500) leaks.push(`${mode} ${url}: ${answer.statusCode}`);
          if (answer.statusCode !== 200) continue;
          const body = answer.body;
          for (const id of foreign) if (body.includes(id)) leaks.push(`${mode} key sees ${id} at ${url}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(200);
  }, 240_000);

  it('lists and counts only the rows of the mode, for keys and for a person who switches', async () => {
    for (const mode of ['live', 'test'] as const) {
      const listed = await callAs(t.app, keys[mode], 'GET', '/v1/transaction?_limit=100');
      expect(listed.body.map((row: { id: string }) => row.id).sort()).toEqual([...payments[mode]].sort());
      expect((await callAs(t.app, keys[mode], 'GET', '/v1/transaction/count')).body.count).toBe(2);
      expect((await callAs(t.app, keys[mode], 'GET', `/v1/transaction/${payments[mode][0]}`)).status).toBe(200);
      expect((await callAs(t.app, keys[mode], 'GET', `/v1/transaction/${payments[other(mode)][0]}`)).status).toBe(404);
    }
    // Provider staff in test mode see the merchants' test data.
    await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'test' });
    const staff = await callAs(t.app, provider, 'GET', `/v1/transaction?organisation=${world.shopA.id}&_limit=100`);
    expect(staff.body.map((row: { id: string }) => row.id).sort()).toEqual([...payments.test].sort());
    await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'live' });
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'test' });
    expect((await callAs(t.app, a, 'GET', '/v1/transaction/count')).body.count).toBe(2);
    expect((await callAs(t.app, a, 'GET', `/v1/transaction/${payments.live[0]}`)).status).toBe(404);
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'live' });
  });

  it('a test key cannot change live rows, nor a live key test rows (404 as for an unknown id)', async () => {
    for (const mode of ['live', 'test'] as const) {
      const refund = await callAs(t.app, keys[mode], 'POST', `/v1/transaction/${payments[other(mode)][1]}/refund`, {
        amount: 100,
      });
      expect(refund.status).toBe(404);
      const viaBody = await callAs(t.app, keys[mode], 'POST', '/v1/refund', {
        transaction: payments[other(mode)][1],
        amount: 100,
      });
      expect(viaBody.status).toBe(404);
      const link = await callAs(t.app, keys[mode], 'POST', '/v1/payment-link', {
        payment_profile: world.profileA,
        amount: 100,
        customer: `cus_${other(mode)}`,
      });
      expect(link.status).toBe(404);
    }
    const [{ count }] = await t.db.query<{ count: number }>(sql`select count(*)::int as count from refund`);
    expect(count).toBe(2);
  });

  it('a burst of test payments leaves live counts, statistics and settlement sources unchanged', async () => {
    const liveFigures = async () => {
      const count = (await callAs(t.app, keys.live, 'GET', '/v1/transaction/count')).body.count;
      const stats = (await callAs(t.app, a, 'GET', '/v1/transaction/aggregate/total')).body;
      const [rollup] = await t.db.query<{ count: number }>(
        sql`select coalesce(sum(count), 0)::int as count from transaction_daily where merchant_id = ${world.shopA.id}`,
      );
      return { count, stats, rollup: rollup.count };
    };
    const before = await liveFigures();
    await Promise.all(Array.from({ length: 10 }, (_, i) => pay(keys.test, `burst-${i}`, 2000 + i)));
    expect(await liveFigures()).toEqual(before);
    expect((await callAs(t.app, keys.test, 'GET', '/v1/transaction/count')).body.count).toBe(12);
    // What a settlement run reads: only live captured payments.
    const [settled] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from transaction where merchant_id = ${world.shopA.id} and mode = 'live'`,
    );
    expect(settled.count).toBe(2);
  });
});

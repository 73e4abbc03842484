import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './plugins/db/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { callAs, signInTestUsers, type Caller } from './test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from './test/world.ts';
import { insertTestCustomer } from './modules/payments/payments-test-helpers.ts';

/**
 * Issue 31 items 2 and 4 (decisions.md "Idempotency answers commit with their write"): every
 * creating route that takes an `Idempotency-Key` stores its answer in the transaction of the write
 * it answers (`actor.answer`), so a crash after the commit leaves an answer to replay, never a key
 * a retry decides again. The route table is walked: a route with the idempotency hook and no
 * fixture here fails, so a new one cannot forget it. The proof per route is the database's own:
 * the stored answer and the row it names carry the same transaction id (`xmin`); an answer stored
 * after the commit (the fallback that only logs an error) carries a later one.
 */

type Fixture = {
  who: 'a' | 'provider';
  /** The URL called (with the ids it needs) and its body. */
  call: () => Promise<{ url: string; body?: Record<string, unknown> }>;
  /** The table of the row the answer names (its `id`). */
  table: string;
  status: number;
};

let t: TestApp;
let world: TestWorld;
let callers: Record<Fixture['who'], Caller>;
let customerA: string;

const transactionOf = (status: string) => insertTestTransaction(t.db, world.shopA, world.profileA, { status });

const FIXTURES: Record<string, Fixture> = {
  'POST /v1/transaction': {
    who: 'a',
    call: async () => ({
      url: '/v1/transaction',
      body: {
        payment_profile: world.profileA,
        amount: 1999,
        payment_product_type: 'card',
        merchant_reference: 'IDEM-1',
      },
    }),
    table: 'transaction',
    status: 201,
  },
  'POST /v1/transaction/:id/capture': {
    who: 'a',
    call: async () => ({ url: `/v1/transaction/${await transactionOf('AUTHORIZED')}/capture` }),
    table: 'transaction',
    status: 200,
  },
  'POST /v1/transaction/:id/cancel': {
    who: 'a',
    call: async () => ({ url: `/v1/transaction/${await transactionOf('AUTHORIZED')}/cancel` }),
    table: 'transaction',
    status: 200,
  },
  'POST /v1/transaction/:id/refund': {
    who: 'a',
    call: async () => ({
      url: `/v1/transaction/${await transactionOf('SETTLEMENT_COMPLETED')}/refund`,
      body: { amount: 100 },
    }),
    table: 'refund',
    status: 201,
  },
  'POST /v1/refund': {
    who: 'a',
    call: async () => ({
      url: '/v1/refund',
      body: { transaction: await transactionOf('SETTLEMENT_COMPLETED'), amount: 100 },
    }),
    table: 'refund',
    status: 201,
  },
  'POST /v1/payment-link': {
    who: 'a',
    call: async () => ({ url: '/v1/payment-link', body: { payment_profile: world.profileA, amount: 4950 } }),
    table: 'payment_link',
    status: 201,
  },
  'POST /v1/card-add-link': {
    who: 'a',
    call: async () => ({
      url: '/v1/card-add-link',
      body: { payment_profile: world.profileA, customer: customerA },
    }),
    table: 'card_add_link',
    status: 201,
  },
  // Governed creates (issue 35) take a key: without a policy they answer 201 like any create.
  'POST /v1/routing': {
    who: 'a',
    call: async () => ({
      url: '/v1/routing',
      body: {
        name: 'Idem routing',
        payment_product: 'card',
        details: {
          if: [{ name: 'amount', operator: '>', value: '1' }],
          then: world.processorId,
          else: world.processorId,
        },
      },
    }),
    table: 'routing',
    status: 201,
  },
  'POST /v1/validationruleset': {
    who: 'a',
    call: async () => ({
      url: '/v1/validationruleset',
      body: { name: 'Idem ruleset', action: 'block', rules: [{ name: 'amount', operator: '>', value: '5000' }] },
    }),
    table: 'validation_ruleset',
    status: 201,
  },
  'POST /v1/paymentprofile': {
    who: 'a',
    call: async () => ({
      url: '/v1/paymentprofile',
      body: { name: 'Idem profile', display_name: 'Idem profile', organisation: world.shopA.id },
    }),
    table: 'payment_profile',
    status: 201,
  },
  'POST /v1/bankaccount': {
    who: 'a',
    call: async () => ({ url: '/v1/bankaccount', body: { holder_name: 'Idem', iban: 'NL91ABNA0417164300' } }),
    table: 'bank_account',
    status: 201,
  },
  'POST /v1/processor': {
    who: 'provider',
    call: async () => ({
      url: '/v1/processor',
      body: {
        name: 'Idem processor',
        organisation: world.provider.id,
        description: 'Cards',
        type: 'processor',
        payment_product: 'card',
        provider: 'sandbox',
        user: 'idem',
        details: [{ name: 'api_key', value: 'idem-secret-value' }],
      },
    }),
    table: 'processor',
    status: 201,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const users = await signInTestUsers(t.app, TEST_PASSWORD);
  callers = { a: users.a, provider: users.provider };
  customerA = await insertTestCustomer(t.db, world.shopA);
  await t.db.query(sql`update organisation set features = '{collecting}' where id = ${world.shopA.id}`);
});
afterAll(() => t.close());

/** `METHOD /url` of every route whose preHandler is the idempotency claim (plugins/idempotency.ts). */
const idempotentRoutes = (): string[] => {
  const tree = t.app.printRoutes({ commonPrefix: false, includeHooks: true });
  const routes: string[] = [];
  // The tree nests by column: a segment's URL is its ancestors' (the latest segment at each smaller column) and its own.
  const segments = new Map<number, string>();
  let url = '';
  let methods: string[] = [];
  for (const line of tree.split('\n')) {
    const route = /^([\s│├└─]*)(\S+) \(([^)]*)\)$/.exec(line);
    if (route) {
      const column = route[1].length;
      for (const c of [...segments.keys()]) if (c >= column) segments.delete(c);
      segments.set(column, route[2]);
      url = [...segments.entries()]
        .sort(([x], [y]) => x - y)
        .map(([, segment]) => segment)
        .join('');
      methods = route[3].split(', ');
      continue;
    }
    const hook = /• \((\w+)\) \[(.*)\]$/.exec(line);
    if (hook?.[1] === 'preHandler' && hook[2].includes('claimOrReplay'))
      routes.push(...methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${url}`));
  }
  return [...new Set(routes)].sort();
};

describe('idempotency answers commit with their write', () => {
  it('has a fixture for every creating route that takes an Idempotency-Key, and no other', () => {
    const routes = idempotentRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(7);
    expect(routes.filter((route) => !FIXTURES[route])).toEqual([]);
    expect(Object.keys(FIXTURES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('stores every such answer in the transaction of the row it names, and replays it', async () => {
    const problems: string[] = [];
    let n = 0;
    for (const [route, fixture] of Object.entries(FIXTURES)) {
      const { url, body } = await fixture.call();
      const key = `idem-${++n}-${Date.now()}`;
      const headers = { 'idempotency-key': key };
      const first = await callAs(t.app, callers[fixture.who], 'POST', url, body ?? {}, headers);
      if (first.status !== fixture.status) {
        problems.push(`${route}: ${first.status} ${JSON.stringify(first.body)}`);
        continue;
      }
      const [stored] = await t.db.query<{ xmin: string; state: string; response_body: string }>(
        sql`select xmin::text, state, response_body from idempotency_key where key = ${key}`,
      );
      const [row] = await t.db.query<{ xmin: string }>(
        sql`select xmin::text from ${sql.raw(fixture.table)} where id = ${first.body.id}`,
      );
      if (!stored || stored.state !== 'done') problems.push(`${route}: no answer stored`);
      else if (!row) problems.push(`${route}: no ${fixture.table} ${first.body.id}`);
      else if (stored.xmin !== row.xmin)
        problems.push(`${route}: answer stored in transaction ${stored.xmin}, the ${fixture.table} in ${row.xmin}`);
      else if (JSON.parse(stored.response_body).id !== first.body.id) problems.push(`${route}: another answer stored`);
      const again = await callAs(t.app, callers[fixture.who], 'POST', url, body ?? {}, headers);
      if (again.status !== first.status || JSON.stringify(again.body) !== JSON.stringify(first.body))
        problems.push(`${route}: the retry answered ${again.status} ${JSON.stringify(again.body)}`);
    }
    expect(problems).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { newId } from '../../lib/ids.ts';
import { preparePayment } from './charge.service.ts';
import { loadEngineConfig, writePayment } from './charge.repository.ts';
import { engineConfigs } from './engine-config.ts';
import { caller } from './payments-test-helpers.ts';

// The statements one payment through the API sends (issue 14: each is a round trip to the database).
let t: TestApp;
let world: TestWorld;
let key: string;
let statements: string[] = [];

/** Counts every statement the app sends from now on, begin and commit of a transaction included. */
const countStatements = () => {
  const db = t.app.db;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  const counted = (q: Queryable): Queryable => ({
    query: (statement) => {
      statements.push(statement.text.replace(/\s+/g, ' ').trim().slice(0, 80));
      return q.query(statement);
    },
    exec: (text) => {
      statements.push(text.slice(0, 80));
      return q.exec(text);
    },
  });
  db.query = counted({ query, exec: db.exec.bind(db) }).query;
  db.transaction = (work) => {
    statements.push('begin');
    return transaction((tx) => work(counted(tx))).finally(() => statements.push('commit'));
  };
};

const pay = (i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/transaction',
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': `round-trips-${i}` },
    payload: {
      payment_profile: world.profileA,
      amount: 1999,
      payment_product_type: 'card',
      merchant_reference: `RT-${i}`,
      card_number: '4111111111111111',
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  const call = caller(t.app);
  key = (await call(a, 'POST', '/v1/apikey', { name: 'round trips', roles: ['USER_ALL'] })).body.key;
  // The profile tells a webhook URL of transactions, so the outbox is written too; a block, a tag and a 3-D Secure ruleset judge.
  await t.db.query(
    sql`update payment_profile set webhook_transaction_update = 'https://hooks.kassa-merchant.nl/tx' where id = ${world.profileA}`,
  );
  const tag = (await call(a, 'POST', '/v1/tag', { text: 'round trips', colour: '#336699' })).body.id;
  for (const body of [
    { name: 'rt block', action: 'block', rules: [{ name: 'card_bin', operator: '==', value: '410000' }] },
    { name: 'rt tag', action: 'tag', tag, rules: [{ name: 'amount', operator: '>=', value: '1000' }] },
    { name: 'rt 3ds', action: '3dSecure', rules: [{ name: 'amount', operator: '>=', value: '90000000' }] },
  ])
    expect((await call(a, 'POST', '/v1/validationruleset', body)).status).toBe(201);
  countStatements();
});
afterAll(() => t.close());

describe('a payment through the API', () => {
  it('sends few statements once the profile is known to the process', async () => {
    expect((await pay(0)).statusCode).toBe(201);
    statements = [];
    const response = await pay(1);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED', tags: [expect.any(String)] });
    // Written after the answer (the audit trail's onResponse): wait for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(`statements per payment: ${statements.length}\n${statements.join('\n')}`);
    // The idempotency claim, then the payment (transaction, webhook, its job, audit entry) with its
    // idempotency answer and the audit trail's request entry in the same statement (issue 31 item 4):
    // no read of the API key (validated by the first payment and kept by the process), the profile,
    // rulesets or routing.
    expect(statements.length).toBe(2);
    const [webhook] = await t.db.query<{ payload: { data: Record<string, unknown> } }>(
      sql`select payload from webhook where item_id = ${response.json().id}`,
    );
    // The webhook carries the transaction as notifyItem reads it from the row.
    const row = response.json();
    expect(webhook.payload.data).toEqual({
      id: row.id,
      status: row.status,
      status_reason: row.status_reason,
      amount: row.amount,
      refunded_amount: 0,
      currency_code: row.currency_code,
      merchant_reference: row.merchant_reference,
      payment_product_type: 'card',
      payment_profile: world.profileA,
      created_at: row.created_at,
      updated_at: row.updated_at,
      organisation: world.shopA.id,
    });
  });
});

describe('the engine configuration a process keeps', () => {
  /** A block ruleset of shop A for every payment from `amount`, written by plain SQL: no API process hears of it. */
  const blockFrom = async (amount: number) => {
    const id = newId('vrs');
    await t.db.query(sql`insert into validation_ruleset (id, organisation_id, merchant_id, name, action, rules)
      values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${`block from ${amount}`}, 'block',
        ${JSON.stringify([{ name: 'amount', operator: '>=', value: String(amount) }])}::jsonb)`);
    return id;
  };

  it('never decides a payment by a ruleset older than one saved before the payment', async () => {
    expect((await pay(10)).json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED', blocked: false });
    const id = await blockFrom(1999);
    expect((await pay(11)).json()).toMatchObject({ status: 'FAILED', blocked: true });
    await t.db.query(
      sql`update validation_ruleset set rules = '[{"name":"amount","operator":">=","value":"5000"}]' where id = ${id}`,
    );
    expect((await pay(12)).json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED', blocked: false });
    await t.db.query(sql`delete from validation_ruleset where id = ${id}`);
    expect((await pay(13)).json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED', blocked: false });
  });

  it('writes nothing for a payment decided before a change that was saved before the write', async () => {
    const configs = engineConfigs(t.app.db);
    const config = await configs.get(t.db, world.profileA);
    const { result, write } = await preparePayment(
      config,
      {
        organisationId: world.shopA.id,
        paymentProfileId: world.profileA,
        customerId: null,
        amount: 1999,
        productType: 'card',
        merchantReference: 'RACE',
      },
      undefined,
    );
    expect(result.status).toBe('SETTLEMENT_REQUESTED');
    // Saved between the decision and its write (by another process, say).
    const id = await blockFrom(1999);
    expect(await writePayment(t.db, write)).toBeUndefined();
    const written = await t.db.query(sql`select 1 from transaction where id = ${result.transactionId}`);
    expect(written).toHaveLength(0);
    // The API decides again by the saved ruleset.
    expect((await pay(20)).json()).toMatchObject({ status: 'FAILED', blocked: true });
    // After repeated misses it holds the configuration while it writes (shared lock on its version).
    const held = await t.db.transaction((tx) => loadEngineConfig(tx, world.profileA, null, true));
    expect(held).toMatchObject({ profile: { id: world.profileA }, organisation: { merchant_id: world.shopA.id } });
    expect(held.rulesets.map((r) => r.id)).toContain(id);
    await t.db.query(sql`delete from validation_ruleset where id = ${id}`);
  });

  it('follows changes to the routing, the processors and the merchant’s limits', async () => {
    expect((await pay(30)).json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED' });
    await t.db.query(sql`update processor set active = false where id = ${world.processorId}`);
    expect((await pay(31)).json()).toMatchObject({ status: 'FAILED', status_reason: 'no processor' });
    await t.db.query(sql`update processor set active = true where id = ${world.processorId}`);
    await t.db.query(
      sql`insert into merchant_configuration (merchant_id, max_transaction_amount) values (${world.shopA.id}, 1000)`,
    );
    expect((await pay(32)).json()).toMatchObject({ status: 'FAILED' });
    await t.db.query(sql`delete from merchant_configuration where merchant_id = ${world.shopA.id}`);
    expect((await pay(33)).json()).toMatchObject({ status: 'SETTLEMENT_REQUESTED' });
  });
});

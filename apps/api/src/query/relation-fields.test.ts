import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstListRequests, listScreens } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../test/world.ts';

/**
 * `_fields` on lists and details: the own fields and the fields of populated relations a screen
 * shows. The test
 * app is a development server, so every answer here was also written by the database and
 * compared with the rows (query/routes.ts): a difference between the two would be a 500.
 */
let t: TestApp;
let world: TestWorld;
let cookie: string;
let transaction: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  customer = newId('cus');
  await t.db.query(
    sql`insert into customer (id, organisation_id, merchant_id, email_address, first_name, last_name, phone_number, status)
      values (${customer}, ${world.shopA.id}, ${world.shopA.merchantId}, 'anna@example.nl', 'Anna', 'de Vries', '+31612345678', 'VERIFIED')`,
  );
  transaction = await insertTestTransaction(t.db, world.shopA, world.profileA, { customerId: customer });
  await t.db.query(sql`update transaction set processor_id = ${world.processorId} where id = ${transaction}`);
  cookie = (await signIn(t.app, 'a@test.kassa', TEST_PASSWORD)).cookie;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
type Tx = { id: string; amount: number; customer: Record<string, unknown> | string; processor: unknown };

describe('_fields picks the fields of populated relations', () => {
  it('answers a populated customer with its id and the named fields only, in both ways of writing it', async () => {
    const response = await get(
      '/v1/transaction?_populate=customer processor&_fields=customer.first_name,customer.email_address,processor.name',
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json() as Tx[];
    expect(row.customer).toEqual({ id: customer, first_name: 'Anna', email_address: 'anna@example.nl' });
    expect(row.processor).toEqual({ id: world.processorId, name: 'Sandbox cards' });
    // The transaction itself keeps all of its fields.
    expect(row).toMatchObject({ id: transaction, amount: 1000, merchant_reference: expect.any(String) });
    expect(response.body).not.toContain('+31612345678');
  });

  it('leaves a populated relation it does not name whole, and takes spaces as well as commas', async () => {
    const [row] = (await get('/v1/transaction?_populate=customer processor&_fields=processor.name')).json() as Tx[];
    expect(row.customer).toMatchObject({ id: customer, last_name: 'de Vries', phone_number: '+31612345678' });
    expect(row.processor).toEqual({ id: world.processorId, name: 'Sandbox cards' });
    const [spaced] = (
      await get('/v1/transaction?_populate=customer&_fields=customer.last_name%20customer.first_name')
    ).json() as Tx[];
    // The related row's own order, whatever the order asked for.
    expect(Object.keys(spaced.customer as object)).toEqual(['id', 'first_name', 'last_name']);
  });

  it('does the same for one row by id', async () => {
    const response = await get(`/v1/transaction/${transaction}?_populate=customer&_fields=customer.last_name`);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Tx).customer).toEqual({ id: customer, last_name: 'de Vries' });
  });

  it('answers the transactions screen’s own first request with just what its rows show', async () => {
    const response = await get(`/v1/${firstListRequests(listScreens.transactions).list}`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json() as Tx[];
    expect(row.customer).toEqual({
      id: customer,
      first_name: 'Anna',
      last_name: 'de Vries',
      email_address: 'anna@example.nl',
    });
  });

  it('answers the refunds and chargebacks screens’ first requests with their rows’ relation fields', async () => {
    for (const table of ['refund', 'chargeback'] as const)
      await t.db.query(
        sql`insert into ${sql.raw(table)} (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
          values (${newId(table === 'refund' ? 're' : 'cb')}, ${world.shopA.id}, ${world.shopA.merchantId}, ${transaction}, ${world.profileA}, 100, 'EUR', ${table === 'refund' ? 'PROCESSED' : 'OPEN'})`,
      );
    const refunds = await get(`/v1/${firstListRequests(listScreens.refunds).list}`);
    expect(refunds.statusCode, refunds.body).toBe(200);
    const [refund] = refunds.json() as { transaction: unknown; payment_profile: unknown }[];
    expect(Object.keys(refund.transaction as object)).toEqual([
      'id',
      'merchant_reference',
      'amount',
      'currency_code',
      'payment_product_type',
    ]);
    expect(refund.payment_profile).toEqual({ id: world.profileA, name: 'Shop A web' });
    const chargebacks = await get(`/v1/${firstListRequests(listScreens.chargebacks).list}`);
    expect(chargebacks.statusCode, chargebacks.body).toBe(200);
    const [chargeback] = chargebacks.json() as { transaction: unknown }[];
    expect(chargeback.transaction).toEqual({
      id: transaction,
      merchant_reference: expect.any(String),
      payment_product_type: 'card',
    });
  });

  it.each([
    ['customer.nickname', 'Cannot pick customer.nickname: customer has no field nickname'],
    ['shop.name', 'Cannot pick shop.name: transaction has no relation shop'],
    ['processor.name', 'Cannot pick processor.name: processor is not in _populate'],
    ['nickname', 'Cannot pick nickname: transaction has no field nickname'],
    ['constructor', 'Cannot pick constructor: transaction has no field constructor'],
    ['customer.organisation.name', 'Cannot pick customer.organisation.name: populate is one level deep'],
  ])('refuses _fields=%s with a 400 naming _fields', async (fields, message) => {
    for (const url of [
      `/v1/transaction?_populate=customer&_fields=${fields}`,
      `/v1/transaction/${transaction}?_populate=customer&_fields=${fields}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ path: 'querystring._fields' }] });
      expect(response.json().message).toContain(message);
    }
  });

  it('counts without minding _fields, and exports still read it as columns', async () => {
    const count = await get('/v1/transaction/count?_fields=customer.first_name');
    expect(count.json()).toEqual({ count: 1 });
    const csv = await get('/v1/transaction/export?_fields=id,customer.first_name');
    expect(csv.body.trim().split(/\r?\n/)).toEqual(['id,customer.first_name', `${transaction},Anna`]);
  });
});

describe('_fields picks own fields', () => {
  let older: string;
  beforeAll(async () => {
    older = await insertTestTransaction(t.db, world.shopA, world.profileA, {
      amount: 2500,
      createdAt: new Date(Date.now() - 86_400_000),
    });
  });

  it('answers each row with its id and the named fields only, in the entity’s order, sorted by a field it does not carry', async () => {
    const response = await get('/v1/transaction?_fields=status,amount');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json() as Record<string, unknown>[];
    expect(rows.map((row) => Object.keys(row))).toEqual([
      ['id', 'amount', 'status'],
      ['id', 'amount', 'status'],
    ]);
    // Newest first (the default sort, on created_at, which the rows do not carry).
    expect(rows.map((row) => row.id)).toEqual([transaction, older]);
    expect(rows[1]).toEqual({ id: older, amount: 2500, status: expect.any(String) });
    const ascending = (await get('/v1/transaction?_fields=amount&_sort=amount')).json() as Tx[];
    expect(ascending.map((row) => row.amount)).toEqual([1000, 2500]);
  });

  it('keeps every populated relation, picked or whole, beside the named own fields', async () => {
    const response = await get(
      '/v1/transaction?_populate=customer processor&_fields=merchant_reference,customer.last_name',
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json() as Record<string, unknown>[];
    expect(Object.keys(row)).toEqual(['id', 'merchant_reference', 'customer', 'processor']);
    expect(row.customer).toEqual({ id: customer, last_name: 'de Vries' });
    expect(row.processor).toMatchObject({ id: world.processorId, name: 'Sandbox cards' });
  });

  it('does the same for one row by id', async () => {
    const response = await get(`/v1/transaction/${transaction}?_populate=customer&_fields=amount,customer.first_name`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: transaction, amount: 1000, customer: { id: customer, first_name: 'Anna' } });
  });

  it('answers the transactions screen’s first request with just the fields its columns show', async () => {
    const response = await get(`/v1/${firstListRequests(listScreens.transactions).list}`);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json() as Record<string, unknown>[];
    expect(Object.keys(row)).not.toContain('status_history');
    expect(Object.keys(row)).not.toContain('decision');
    expect(row).toMatchObject({ id: transaction, amount: 1000, currency_code: 'EUR', status: expect.any(String) });
  });
});

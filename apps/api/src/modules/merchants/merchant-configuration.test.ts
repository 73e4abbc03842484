import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  users = await signInTestUsers(t.app, TEST_PASSWORD);
});
afterAll(() => t.close());

const url = (id: string) => `/v1/psp/merchant/${id}/configuration`;
const save = (who: Caller, id: string, body: Record<string, unknown>) => callAs(t.app, who, 'POST', url(id), body);
const pay = (amount: number, extra: Record<string, unknown> = {}) =>
  callAs(t.app, users.a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: `MC-${amount}-${Math.random()}`,
    ...extra,
  });

describe('merchant configuration', () => {
  it('answers the defaults for a merchant never configured, saves only what is sent and keeps the rest', async () => {
    const fresh = await callAs(t.app, users.provider, 'GET', url(world.shopB.id));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      merchant: world.shopB.id,
      merchant_name: 'Shop B',
      risk_level: 'medium',
      three_ds_policy: 'rulesets',
      max_transaction_amount: null,
      settlement_delay_days: 2,
      reserve_percentage: 0,
      refunds_enabled: true,
      updated_at: null,
    });
    const saved = await save(users.provider, world.shopB.id, {
      risk_level: 'high',
      reserve_percentage: 7.5,
      reserve_days: 180,
      mcc: '5732',
      statement_descriptor: ' SHOP B ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      risk_level: 'high',
      reserve_percentage: 7.5,
      reserve_days: 180,
      mcc: '5732',
      statement_descriptor: 'SHOP B',
      settlement_delay_days: 2,
      updated_by: expect.any(String),
    });
    const again = await save(users.provider, world.shopB.id, { settlement_delay_days: 5 });
    expect(again.body).toMatchObject({
      risk_level: 'high',
      reserve_percentage: 7.5,
      settlement_delay_days: 5,
      mcc: '5732',
    });
    const [org] = await t.db.query<{ mcc: string }>(sql`select mcc from organisation where id = ${world.shopB.id}`);
    expect(org.mcc).toBe('5732');
  });

  it('refuses bad values naming the field and changes nothing', async () => {
    const bad = await save(users.provider, world.shopB.id, {
      risk_level: 'extreme',
      reserve_percentage: 101,
      settlement_delay_days: 1.5,
      mcc: '57',
      statement_descriptor: 'x'.repeat(23),
      max_transaction_amount: 0,
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(
      expect.arrayContaining([
        'body.max_transaction_amount',
        'body.mcc',
        'body.reserve_percentage',
        'body.risk_level',
        'body.settlement_delay_days',
        'body.statement_descriptor',
      ]),
    );
    expect((await callAs(t.app, users.provider, 'GET', url(world.shopB.id))).body).toMatchObject({
      risk_level: 'high',
      mcc: '5732',
    });
  });

  it('is the provider’s: merchants get 403, a sub-organisation or unknown id is a 404', async () => {
    expect((await callAs(t.app, users.a, 'GET', url(world.shopA.id))).status).toBe(403);
    expect((await save(users.a, world.shopA.id, { refunds_enabled: false })).status).toBe(403);
    expect((await callAs(t.app, users.provider, 'GET', url(world.shopASub.id))).status).toBe(404);
    expect((await callAs(t.app, users.provider, 'GET', url('org_nope'))).status).toBe(404);
    expect((await callAs(t.app, users.provider, 'GET', url(world.provider.id))).status).toBe(404);
  });

  it('limits payments and refunds of the merchant: maximum amount, 3-D Secure always, refunds off', async () => {
    expect(
      (await save(users.provider, world.shopA.id, { max_transaction_amount: 50_000, three_ds_policy: 'always' }))
        .status,
    ).toBe(200);
    // 3-D Secure for every payment: an API payment goes to the hosted challenge first.
    const challenged = await pay(1_999);
    expect(challenged.status).toBe(201);
    expect(challenged.body).toMatchObject({
      status: 'IN_PROGRESS',
      checkout_url: expect.stringContaining('/checkout/'),
    });
    const [row] = await t.db.query<{ three_ds: boolean }>(
      sql`select three_ds from transaction where id = ${challenged.body.id}`,
    );
    expect(row.three_ds).toBe(true);
    const large = await pay(50_001);
    expect(large.body).toMatchObject({
      status: 'FAILED',
      status_reason: expect.stringContaining('maximum transaction amount'),
    });

    await save(users.provider, world.shopA.id, { refunds_enabled: false, three_ds_policy: 'rulesets' });
    const small = await pay(1_999);
    expect(small.body.status).not.toBe('FAILED');
    const refused = await callAs(
      t.app,
      users.a,
      'POST',
      `/v1/transaction/${small.body.id}/refund`,
      { amount: 100, reason: 'test' },
      { 'idempotency-key': 'mc-1' },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Refunds are switched off for this merchant');
    await save(users.provider, world.shopA.id, {
      refunds_enabled: true,
      max_transaction_amount: null,
      three_ds_policy: 'rulesets',
    });
    expect((await pay(50_001)).body.status).not.toBe('FAILED');
  });
});

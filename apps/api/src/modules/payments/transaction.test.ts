import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { chargePayment } from './charge.service.ts';
import { caller, insertTestCustomer } from './payments-test-helpers.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let analyst: { cookie: string };
let b: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [a, analyst, b] = await Promise.all(
    ['a', 'a-analyst', 'b'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
});
afterAll(() => t.close());

const payment = (overrides: Record<string, unknown> = {}) => ({
  payment_profile: world.profileA,
  amount: 1999,
  payment_product_type: 'card',
  merchant_reference: 'ORDER-1',
  ...overrides,
});

describe('POST /v1/transaction', () => {
  it('creates a payment the sandbox processor accepts, with its status history', async () => {
    const answer = await call(a, 'POST', '/v1/transaction', payment({ description: 'Two books' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      amount: 1999,
      currency_code: 'EUR',
      status: 'SETTLEMENT_REQUESTED',
      status_reason: null,
      processor: world.processorId,
      payment_profile: world.profileA,
      organisation: world.shopA.id,
      merchant: world.shopA.id,
      card_last4: '4242',
      recurring_type: 'none',
      refunded_amount: 0,
    });
    expect(answer.body.status_history.map((h: { status: string }) => h.status)).toEqual([
      'INITIATED',
      'SETTLEMENT_REQUESTED',
    ]);
    expect((await call(a, 'GET', `/v1/transaction/${answer.body.id}`)).body.merchant_reference).toBe('ORDER-1');
    expect((await call(b, 'GET', `/v1/transaction/${answer.body.id}`)).status).toBe(404);
  });

  it.each([
    [1051, 'DECLINED', 'insufficient funds (51)'],
    [1052, 'FAILED', 'processor error (96)'],
    [1053, 'DECLINED', 'suspected fraud (59)'],
  ])('follows the sandbox rule for amount %i → %s', async (amount, status, reason) => {
    const answer = await call(a, 'POST', '/v1/transaction', payment({ amount }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status, status_reason: reason });
  });

  it('fails a payment no processor of the profile handles, and declines an unknown customer', async () => {
    const ideal = await call(a, 'POST', '/v1/transaction', payment({ payment_product_type: 'ideal' }));
    expect(ideal.body).toMatchObject({ status: 'FAILED', status_reason: 'no processor', processor: null });
    const unknown = await insertTestCustomer(t.db, world.shopA, { status: 'UNKNOWN' });
    const declined = await call(a, 'POST', '/v1/transaction', payment({ customer: unknown }));
    expect(declined.body).toMatchObject({ status: 'DECLINED', customer: unknown });
  });

  it.each([
    [{ amount: 0 }, 'body.amount'],
    [{ amount: 10.5 }, 'body.amount'],
    [{ payment_product_type: 'cash' }, 'body.payment_product_type'],
    [{ merchant_reference: '' }, 'body.merchant_reference'],
    [{ payment_profile: undefined }, 'body.payment_profile'],
    [{ recurring_type: 'sometimes' }, 'body.recurring_type'],
  ])('answers 400 naming the field for %j', async (overrides, path) => {
    const before = await t.db.query(sql`select count(*)::int as n from transaction`);
    const answer = await call(a, 'POST', '/v1/transaction', payment(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await t.db.query(sql`select count(*)::int as n from transaction`)).toEqual(before);
  });

  it("answers 404 naming the field for another organisation's profile or customer", async () => {
    const profile = await call(a, 'POST', '/v1/transaction', payment({ payment_profile: world.profileB }));
    expect(profile.status).toBe(404);
    expect(profile.body.details[0].path).toBe('body.payment_profile');
    const customerB = await insertTestCustomer(t.db, world.shopB);
    const customer = await call(a, 'POST', '/v1/transaction', payment({ customer: customerB }));
    expect(customer.status).toBe(404);
    expect(customer.body.details[0].path).toBe('body.customer');
    // The provider sees both, but may not pay shop A's profile with shop B's customer.
    const admin = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
    expect((await call(admin, 'POST', '/v1/transaction', payment({ customer: customerB }))).status).toBe(404);
  });

  it('answers 403 to a user without a transaction create role', async () => {
    expect((await call(analyst, 'POST', '/v1/transaction', payment())).status).toBe(403);
  });

  it('creates one payment for two requests with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'pay-once' };
    const first = await call(a, 'POST', '/v1/transaction', payment({ merchant_reference: 'ONCE' }), headers);
    const second = await call(a, 'POST', '/v1/transaction', payment({ merchant_reference: 'ONCE' }), headers);
    expect(second.body.id).toBe(first.body.id);
    expect(await t.db.query(sql`select id from transaction where merchant_reference = 'ONCE'`)).toHaveLength(1);
  });
});

describe('POST /v1/transaction/{id}/block', () => {
  it('marks a FAILED transaction blocked, audited, and it shows in the BLOCKED list', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'FAILED' });
    const answer = await call(a, 'POST', `/v1/transaction/${tx}/block`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: tx, blocked: true, status: 'FAILED' });
    const blocked = await call(a, 'GET', '/v1/transaction?type=BLOCKED&_limit=100');
    expect(blocked.body.map((r: { id: string }) => r.id)).toContain(tx);
    const audit = await t.db.query(sql`select type from audit_log where transaction_id = ${tx} and entity is not null`);
    expect(audit).toEqual([{ type: 'transaction_blocked' }]);
    expect((await call(a, 'POST', `/v1/transaction/${tx}/block`)).status).toBe(200);
  });

  it('refuses any other status with 409 naming it', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'SETTLEMENT_COMPLETED' });
    const answer = await call(a, 'POST', `/v1/transaction/${tx}/block`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('SETTLEMENT_COMPLETED');
    expect((await call(a, 'GET', `/v1/transaction/${tx}`)).body.blocked).toBe(false);
  });

  it('answers 404 for another organisation, 403 without the role, 400 for a bad id', async () => {
    const tx = await insertTestTransaction(t.db, world.shopA, world.profileA, { status: 'FAILED' });
    expect((await call(b, 'POST', `/v1/transaction/${tx}/block`)).status).toBe(404);
    expect((await call(analyst, 'POST', `/v1/transaction/${tx}/block`)).status).toBe(403);
    const tooLong = await call(a, 'POST', `/v1/transaction/${'x'.repeat(65)}/block`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details[0].path).toBe('params.id');
    expect((await call(a, 'GET', `/v1/transaction/${tx}`)).body.blocked).toBe(false);
  });
});

describe('chargePayment for scheduled transactions', () => {
  const schedule = async (amount: number) => {
    const id = newId('st');
    await t.db
      .query(sql`insert into scheduled_transaction (id, organisation_id, merchant_id, payment_profile_id, amount, currency_code, due_at)
      values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${world.profileA}, ${amount}, 'EUR', now())`);
    return id;
  };
  const charge = (scheduledTransactionId: string, amount: number) =>
    t.db.transaction((tx) =>
      chargePayment(tx, {
        organisationId: world.shopA.id,
        paymentProfileId: world.profileA,
        customerId: null,
        amount,
        productType: 'card',
        merchantReference: 'SUB-1',
        subscriptionId: 'sub_1',
        subscriptionCycle: 3,
        recurringType: 'recurring',
        scheduledTransactionId,
      }),
    );

  it('marks the scheduled transaction DONE on success and FAILED with the reason otherwise', async () => {
    const ok = await schedule(2500);
    const paid = await charge(ok, 2500);
    expect(paid.status).toBe('SETTLEMENT_REQUESTED');
    const failing = await schedule(2551);
    const declined = await charge(failing, 2551);
    expect(declined).toMatchObject({ status: 'DECLINED', statusReason: 'insufficient funds (51)' });
    const rows = await t.db.query(
      sql`select id, status, transaction_id, attempts, failure_reason from scheduled_transaction order by amount`,
    );
    expect(rows).toEqual([
      { id: ok, status: 'DONE', transaction_id: paid.transactionId, attempts: 1, failure_reason: null },
      {
        id: failing,
        status: 'FAILED',
        transaction_id: declined.transactionId,
        attempts: 1,
        failure_reason: 'insufficient funds (51)',
      },
    ]);
    const [transaction] = await t.db.query(
      sql`select subscription_id, subscription_cycle, recurring_type from transaction where id = ${paid.transactionId}`,
    );
    expect(transaction).toEqual({ subscription_id: 'sub_1', subscription_cycle: 3, recurring_type: 'recurring' });
  });

  it("writes nothing when the caller's database transaction rolls back", async () => {
    const id = await schedule(3000);
    await expect(
      t.db.transaction(async (tx) => {
        await chargePayment(tx, {
          organisationId: world.shopA.id,
          paymentProfileId: world.profileA,
          customerId: null,
          amount: 3000,
          productType: 'card',
          merchantReference: 'ROLLBACK',
          scheduledTransactionId: id,
        });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await t.db.query(sql`select id from transaction where merchant_reference = 'ROLLBACK'`)).toEqual([]);
    expect(
      (await t.db.query<{ status: string }>(sql`select status from scheduled_transaction where id = ${id}`))[0].status,
    ).toBe('CREATED');
  });
});

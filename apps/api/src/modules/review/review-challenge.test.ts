// Runs on both engines: issue 36 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { SANDBOX_3DS_CODE } from '@kassa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from '../payments/payments-test-helpers.ts';

const HOOK = 'https://hooks.kassa-merchant.nl/review-challenge';
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let customer: string;
const nobody = {} as { cookie: string };

/** A card payment sent to the 3-D Secure challenge; answers its id and checkout token. */
const challenged = async (amount: number) => {
  const created = await call(a, 'POST', '/v1/transaction', {
    payment_profile: world.profileA,
    amount,
    payment_product_type: 'card',
    merchant_reference: `REV-3DS-${amount}`,
    customer,
  });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('IN_PROGRESS');
  return { id: created.body.id as string, token: (created.body.checkout_url as string).split('/').at(-1)! };
};
const pass = (token: string) => call(nobody, 'POST', `/v1/checkout/${token}/challenge`, { code: SANDBOX_3DS_CODE });
const casesOf = (transactionId: string) =>
  t.db.query<{ id: string; status: string; created_at: Date; sla_due_at: Date; rules: { name: string }[] }>(
    sql`select id, status, created_at, sla_due_at, rules from review_case where transaction_id = ${transactionId}`,
  );
const historyOf = async (id: string) =>
  (
    await t.db.query<{ status_history: { status: string }[] }>(
      sql`select status_history from transaction where id = ${id}`,
    )
  )[0].status_history.map((s) => s.status);
const webhooksOf = async (id: string) =>
  (
    await t.db.query<{ event: string; status: string }>(
      sql`select event, status from webhook where item_id = ${id} and type = 'transaction' order by created_at, id`,
    )
  ).map((w) => `${w.event}:${w.status}`);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  await t.db.query(sql`update payment_profile set webhook_transaction_update = ${HOOK} where id = ${world.profileA}`);
  customer = await insertTestCustomer(t.db, world.shopA);
  for (const ruleset of [
    { name: 'Secure big', action: '3dSecure', value: '50000' },
    { name: 'Review very big', action: 'review', value: '70000' },
  ]) {
    const created = await call(a, 'POST', '/v1/validationruleset', {
      name: ruleset.name,
      action: ruleset.action,
      rules: [{ name: 'amount', operator: '>=', value: ruleset.value }],
    });
    expect(created.status).toBe(201);
  }
});
afterAll(() => t.close());

describe('a payment a review ruleset holds and 3-D Secure challenges', () => {
  it('is held for review after the customer passes the challenge, not captured; approving captures it once', async () => {
    const { id, token } = await challenged(80_000);
    // Nothing is held while the customer has not authenticated.
    expect(await casesOf(id)).toEqual([]);

    const page = await pass(token);
    expect(page.status).toBe(200);
    // The customer is told the payment is being checked, not that it succeeded.
    expect(page.body).toMatchObject({ state: 'authenticated', transaction_status: 'AUTHORIZED', held: true });

    const detail = await call(a, 'GET', `/v1/transaction/${id}`);
    expect(detail.body).toMatchObject({ status: 'AUTHORIZED', status_reason: 'Held for review: Review very big' });
    expect(detail.body.decision).toMatchObject({ challenge: 'authenticated', review: 'held' });
    expect(detail.body.processor).not.toBeNull();
    expect(await historyOf(id)).toEqual(['INITIATED', 'IN_PROGRESS', 'AUTHORIZED']);

    // The same case as a payment held when it was made: pending, its rules, the merchant's 4-hour SLA.
    const [held] = await casesOf(id);
    expect(held).toMatchObject({ status: 'PENDING', rules: [expect.objectContaining({ name: 'Review very big' })] });
    expect(held.sla_due_at.getTime() - held.created_at.getTime()).toBeCloseTo(4 * 3_600_000, -4);
    const queue = await call(a, 'GET', '/v1/review?status=PENDING');
    expect(queue.body.map((r: { id: string }) => r.id)).toContain(held.id);
    expect(await webhooksOf(id)).toEqual(['transaction.created:IN_PROGRESS', 'transaction.updated:AUTHORIZED']);

    // A second submit of the page moves nothing and opens no second case.
    expect((await pass(token)).status).toBe(200);
    expect(await casesOf(id)).toHaveLength(1);

    const approvals = await Promise.all([1, 2].map(() => call(a, 'POST', '/v1/review/approve', { ids: [held.id] })));
    expect(approvals.map((r) => r.body.results[0].outcome).sort()).toEqual(['already_decided', 'approved']);
    expect(await historyOf(id)).toEqual(['INITIATED', 'IN_PROGRESS', 'AUTHORIZED', 'SETTLEMENT_REQUESTED']);
    expect((await call(a, 'GET', `/v1/transaction/${id}`)).body.decision.review).toBe('approved');
    expect((await casesOf(id))[0].status).toBe('APPROVED');
    expect((await call(nobody, 'GET', `/v1/checkout/${token}`)).body).toMatchObject({
      transaction_status: 'SETTLEMENT_REQUESTED',
      held: false,
    });
  });

  it('captures a challenged payment no review ruleset fired for, with no case', async () => {
    const { id, token } = await challenged(60_000);
    expect((await pass(token)).body).toMatchObject({ transaction_status: 'SETTLEMENT_REQUESTED', held: false });
    expect(await historyOf(id)).toEqual(['INITIATED', 'IN_PROGRESS', 'SETTLEMENT_REQUESTED']);
    expect(await casesOf(id)).toEqual([]);
  });
});

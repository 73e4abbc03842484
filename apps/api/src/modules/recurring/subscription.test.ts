import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, insertCustomer, paths, planBody, type Who } from './recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let b: Who;
let analyst: Who;
let plan: { id: string };
let customer: string;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://kassa.example' });
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  analyst = await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD);
  plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, { amount: 2000, max_billing_cycle: 12 })))
    .body;
  customer = await insertCustomer(t.db, world.shopA);
});
afterAll(() => t.close());

const subscribe = (extra: Record<string, unknown> = {}) =>
  call(t.app, a, 'POST', '/v1/subscription', { customer, plan: plan.id, ...extra });
const discount = async (body: Record<string, unknown>) =>
  (await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'D', ...body })).body.id as string;

describe('subscriptions', () => {
  it('creates a CREATED subscription with its link, due at the start, with the plan terms', async () => {
    const start = '2026-03-31T09:00:00.000Z';
    const created = await subscribe({ payment_product: 'paypal', start_date: start });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'CREATED',
      customer,
      plan: plan.id,
      payment_profile: world.profileA,
      amount: 2000,
      currency_code: 'EUR',
      payment_product: 'paypal',
      billing_cycle: 1,
      max_billing_cycle: 12,
      due_date: start,
      last_paid_cycle: null,
      subscription_discount: null,
      discounts_attached: [],
    });
    expect(created.body.subscription_url).toMatch(/^https:\/\/kassa\.example\/subscribe\/[A-Za-z0-9_-]{32}$/);
    const listed = await call(
      t.app,
      a,
      'GET',
      `/v1/subscription?plan=${plan.id}&status=CREATED&payment_product=paypal&_populate=customer plan payment_profile organisation subscription_discount`,
    );
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].customer.id).toBe(customer);
    expect(listed.body[0].plan.amount).toBe(2000);
    const due = await call(
      t.app,
      a,
      'GET',
      `/v1/subscription/count?due_date>=2026-03-30T00:00:00Z&due_date<=2026-04-01T00:00:00Z&max_billing_cycle>=12&max_billing_cycle<=12&customer=${customer}`,
    );
    expect(due.body.count).toBe(1);
  });

  it("refuses missing or wrong fields by name, and other tenants' customers and plans as 404", async () => {
    const empty = await call(t.app, a, 'POST', '/v1/subscription', {});
    expect(paths(empty.body)).toEqual(['body.customer', 'body.plan']);
    const product = await subscribe({ payment_product: 'ideal' });
    expect(paths(product.body)).toEqual(['body.payment_product']);
    const customerB = await insertCustomer(t.db, world.shopB);
    const foreignCustomer = await subscribe({ customer: customerB });
    expect(foreignCustomer.status).toBe(404);
    expect(paths(foreignCustomer.body)).toEqual(['body.customer']);
    const planB = (await call(t.app, b, 'POST', '/v1/plan', planBody(world.profileB))).body;
    const foreignPlan = await subscribe({ plan: planB.id });
    expect(foreignPlan.status).toBe(404);
    expect(paths(foreignPlan.body)).toEqual(['body.plan']);
    expect((await call(t.app, analyst, 'POST', '/v1/subscription', { customer, plan: plan.id })).status).toBe(403);
    expect((await call(t.app, analyst, 'GET', '/v1/subscription')).status).toBe(403);
  });

  it('changes only max_billing_cycle, naming any other field', async () => {
    const sub = (await subscribe()).body;
    const other = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}`, {
      id: sub.id,
      max_billing_cycle: 6,
      plan: 'x',
      amount: 1,
    });
    expect(other.status).toBe(400);
    expect(paths(other.body)).toEqual(['body.amount', 'body.plan']);
    const wrongId = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}`, {
      id: 'sub_other',
      max_billing_cycle: 6,
    });
    expect(paths(wrongId.body)).toEqual(['body.id']);
    const zero = await call(t.app, a, 'PUT', `/v1/subscription/${sub.id}`, { max_billing_cycle: 0 });
    expect(paths(zero.body)).toEqual(['body.max_billing_cycle']);
    const ok = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}`, { id: sub.id, max_billing_cycle: 6 });
    expect(ok.status).toBe(200);
    expect(ok.body.max_billing_cycle).toBe(6);
    expect(
      (await call(t.app, a, 'POST', `/v1/subscription/${sub.id}`, { max_billing_cycle: '' })).body.max_billing_cycle,
    ).toBeNull();
    expect((await call(t.app, b, 'POST', `/v1/subscription/${sub.id}`, { max_billing_cycle: 3 })).status).toBe(404);
    expect((await call(t.app, b, 'GET', `/v1/subscription/${sub.id}`)).status).toBe(404);
  });

  it('refuses 0, negative and fractional maximum cycles on a live subscription without ending it (issue 21)', async () => {
    const live = (await subscribe({ start_date: '2025-01-01T00:00:00Z' })).body;
    await call(t.app, a, 'POST', '/v1/subscription/billing-run', {});
    const before = (await call(t.app, a, 'GET', `/v1/subscription/${live.id}`)).body;
    expect(before).toMatchObject({ status: 'ACTIVE', last_paid_cycle: 1, max_billing_cycle: 12 });
    for (const wrong of [0, -1, 1.5, '1,5', '2']) {
      const refused = await call(t.app, a, 'POST', `/v1/subscription/${live.id}`, { max_billing_cycle: wrong });
      expect(refused.status).toBe(400);
      expect(paths(refused.body)).toEqual(['body.max_billing_cycle']);
    }
    const after = (await call(t.app, a, 'GET', `/v1/subscription/${live.id}`)).body;
    expect(after).toMatchObject({ status: 'ACTIVE', max_billing_cycle: 12, due_date: before.due_date });
  });

  it('deletes a never-billed subscription and cancels a billed one', async () => {
    const fresh = (await subscribe()).body;
    expect((await call(t.app, b, 'DELETE', `/v1/subscription/${fresh.id}`)).status).toBe(404);
    expect((await call(t.app, a, 'DELETE', `/v1/subscription/${fresh.id}`)).body).toEqual({
      id: fresh.id,
      result: 'deleted',
    });
    expect((await call(t.app, a, 'GET', `/v1/subscription/${fresh.id}`)).status).toBe(404);

    const billed = (await subscribe({ start_date: '2025-01-01T00:00:00Z' })).body;
    const run = await call(t.app, a, 'POST', '/v1/subscription/billing-run', {});
    expect(run.body.charged.map((c: { subscription: string }) => c.subscription)).toContain(billed.id);
    expect((await call(t.app, a, 'DELETE', `/v1/subscription/${billed.id}`)).body).toEqual({
      id: billed.id,
      result: 'cancelled',
    });
    const after = (await call(t.app, a, 'GET', `/v1/subscription/${billed.id}`)).body;
    expect(after).toMatchObject({ status: 'CANCELLED', due_date: null });
    expect((await call(t.app, a, 'DELETE', `/v1/subscription/${billed.id}`)).status).toBe(409);
    expect((await call(t.app, a, 'POST', `/v1/subscription/${billed.id}`, { max_billing_cycle: 3 })).status).toBe(409);
  });

  it('applies a discount only when none is active, within the plan amount and first-order rules, and removes it', async () => {
    const sub = (await subscribe()).body;
    const first = await discount({ amount: 300 });
    const second = await discount({ amount: 100 });
    const tooHigh = await discount({ amount: 100, minimum_amount: 2001 });
    const applied = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}/add-discount/${first}`);
    expect(applied.status).toBe(200);
    expect(applied.body.subscription_discount).toBe(first);
    expect(applied.body.discounts_attached).toEqual([
      expect.objectContaining({
        active: true,
        applied_duration: 0,
        subscription_discount: expect.objectContaining({
          id: first,
          name: 'D',
          type: 'fixed_cents',
          amount: 300,
          limit_to_first_order: false,
        }),
      }),
    ]);
    const another = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}/add-discount/${second}`);
    expect(another.status).toBe(409);
    expect(another.body.message).toMatch(/already has an active discount/);

    const removed = await call(t.app, a, 'DELETE', `/v1/subscription/${sub.id}/remove-attached-discount/${first}`);
    expect(removed.body.subscription_discount).toBeNull();
    expect(removed.body.discounts_attached[0].active).toBe(false);
    expect(
      (await call(t.app, a, 'DELETE', `/v1/subscription/${sub.id}/remove-attached-discount/${first}`)).status,
    ).toBe(404);

    const minimum = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}/add-discount/${tooHigh}`);
    expect(minimum.status).toBe(400);
    expect(minimum.body.details[0]).toMatchObject({ path: 'params.discountId' });
    expect(minimum.body.message).toMatch(/minimum amount of EUR 20\.01, above the plan amount of EUR 20\.00/);

    const firstOnly = await discount({ amount: 100, limit_to_first_order: true });
    await t.db.query(sql`update subscription set billing_cycle = 2 where id = ${sub.id}`);
    const late = await call(t.app, a, 'POST', `/v1/subscription/${sub.id}/add-discount/${firstOnly}`);
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/first-order-only/);

    const discountB = (await call(t.app, b, 'POST', '/v1/subscription-discount', { name: 'B', amount: 100 })).body.id;
    expect((await call(t.app, a, 'POST', `/v1/subscription/${sub.id}/add-discount/${discountB}`)).status).toBe(404);
    expect((await call(t.app, b, 'POST', `/v1/subscription/${sub.id}/add-discount/${discountB}`)).status).toBe(404);
    expect((await call(t.app, analyst, 'POST', `/v1/subscription/${sub.id}/add-discount/${second}`)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, insertCustomer, planBody, type Who } from './recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let plan: { id: string };
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, { amount: 2000 }))).body;
  customer = await insertCustomer(t.db, world.shopA);
});
afterAll(() => t.close());

describe('a value outside its list is named for what it is', () => {
  it('customer?segment=bogus is a 400 naming the filter, like every unknown value; a real segment answers', async () => {
    const bogus = await call(t.app, a, 'GET', '/v1/customer?segment=bogus');
    expect(bogus.status).toBe(400);
    expect(bogus.body.details).toMatchObject([
      {
        path: 'querystring.segment',
        message:
          'segment must be one of: champions, loyal, potential_loyalists, new, need_attention, at_risk, hibernating',
      },
    ]);
    expect((await call(t.app, a, 'GET', '/v1/customer/count?segment[]=loyal&segment[]=bogus')).status).toBe(400);
    const loyal = await call(t.app, a, 'GET', '/v1/customer?segment=loyal');
    expect(loyal.status).toBe(200);
    expect(loyal.body).toEqual([]);
  });

  it('a subscription with payment product ideal is refused for its product, not as a missing field', async () => {
    const ideal = await call(t.app, a, 'POST', '/v1/subscription', {
      customer,
      plan: plan.id,
      payment_product: 'ideal',
    });
    expect(ideal.status).toBe(400);
    expect(ideal.body.details).toMatchObject([
      {
        path: 'body.payment_product',
        message: 'A subscription is charged by card or PayPal (payment_product card or paypal)',
      },
    ]);
    // Sent empty it is missing; left out it is card.
    const missing = await call(t.app, a, 'POST', '/v1/subscription', {
      customer,
      plan: plan.id,
      payment_product: null,
    });
    expect(missing.body.details).toMatchObject([{ path: 'body.payment_product', message: 'This field is required' }]);
    const card = await call(t.app, a, 'POST', '/v1/subscription', { customer, plan: plan.id });
    expect(card.status).toBe(201);
    expect(card.body.payment_product).toBe('card');
  });
});

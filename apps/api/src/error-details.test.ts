import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './lib/ids.ts';
import { call, planBody, type Who } from './modules/recurring/recurring.fixtures.ts';
import { sql } from './plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from './test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from './test/world.ts';

// Issue 32 item 20: every detail of an error answer carries a stable code with its params beside
// the English message, so that the web words it in the user's language without reading English.

let t: TestApp;
let world: TestWorld;
let a: Who;
let paypal: string;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  paypal = newId('prc');
  await t.db.query(
    sql`insert into processor (id, organisation_id, name, provider, payment_product) values (${paypal}, ${world.provider.id}, 'PayPal', 'sandbox', 'paypal')`,
  );
});
afterAll(() => t.close());

const rule = { name: 'amount', operator: '>', value: '100' };

describe('error details carry a code and params', () => {
  it('names a required field missing inside a union on its own path, not "Invalid input" on the union', async () => {
    const noThen = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'Cards',
      payment_product: 'card',
      details: { if: [rule], else: world.processorId },
    });
    expect(noThen.status).toBe(400);
    expect(noThen.body.details).toEqual([
      { path: 'body.details.then', code: 'required', params: {}, message: 'This field is required' },
    ]);
    // A rule without its value: the value is a union of a text and a list.
    const noValue = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'Cards',
      payment_product: 'card',
      details: { if: [{ name: 'amount', operator: '>' }], then: world.processorId, else: world.processorId },
    });
    expect(noValue.body.details).toEqual([
      { path: 'body.details.if.0.value', code: 'required', params: {}, message: 'This field is required' },
    ]);
  });

  it('gives a too-long text its maximum', async () => {
    const long = await call(t.app, a, 'POST', '/v1/tag', { text: 'x'.repeat(61), colour: '#112233' });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([
      { path: 'body.text', code: 'tooLong', params: { max: 60 }, message: expect.any(String) },
    ]);
  });

  it("answers the risk catalogue's keys: a rule's own refusal, unroutable per processor and an invalid route", async () => {
    const percentage = await call(t.app, a, 'POST', '/v1/validationruleset', {
      name: 'Odd',
      action: 'block',
      rules: [{ name: 'random', operator: '<', value: '101' }],
    });
    expect(percentage.body.details).toEqual([
      {
        path: 'body.rules.0.value',
        code: 'invalidPercentage',
        params: {},
        message: 'Enter a percentage from 0 to 100',
      },
    ]);
    const unroutable = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'Cards',
      payment_product: 'card',
      details: { if: [rule], then: world.processorId, else: paypal },
    });
    expect(unroutable.status).toBe(400);
    expect(unroutable.body.details).toEqual([
      {
        path: 'body.details.else',
        code: 'unroutable',
        params: { processor: paypal },
        message: 'This processor does not handle card',
      },
    ]);
    // A routing of PayPal chosen for cards is no route for cards.
    const paypalRouting = await call(t.app, a, 'POST', '/v1/routing', {
      name: 'PayPal',
      payment_product: 'paypal',
      details: { if: [rule], then: paypal, else: paypal },
    });
    expect(paypalRouting.status).toBe(201);
    const route = await call(t.app, a, 'POST', '/v1/paymentprofile', {
      name: 'Webshop',
      display_name: 'Shop',
      organisation: world.shopA.id,
      processors: [world.processorId],
      intelligent_routing: true,
      routing: { card: paypalRouting.body.id },
    });
    expect(route.status).toBe(400);
    expect(route.body.details).toEqual([
      { path: 'body.routing.card', code: 'invalidRoute', params: {}, message: expect.any(String) },
    ]);
  });

  it("gives a plan's webhook-or-email rule its code on both fields, on create and on update", async () => {
    const body = planBody(world.profileA, { statuses_subscription_update: ['ACTIVE'] });
    const refused = await call(t.app, a, 'POST', '/v1/plan', body);
    expect(refused.status).toBe(400);
    const expected = ['body.webhook_subscription_update', 'body.email_subscription_update'].map((path) => ({
      path,
      code: 'webhookOrEmail',
      params: {},
      message: "You must select at least one of 'Webhook' or 'Email'.",
    }));
    expect(refused.body.details).toEqual(expected);
    const plan = await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA));
    expect(plan.status).toBe(201);
    const update = await call(t.app, a, 'POST', `/v1/plan/${plan.body.id}`, {
      statuses_subscription_update: ['ACTIVE'],
    });
    expect(update.status).toBe(400);
    expect(update.body.details).toEqual(expected);
  });

  it('gives details of a service refusal a code too (a 404 naming its input)', async () => {
    const foreign = await call(t.app, a, 'POST', '/v1/plan', planBody('pp_nope'));
    expect(foreign.status).toBe(404);
    expect(foreign.body.details).toEqual([
      { path: 'body.payment_profile', code: 'notFound', params: {}, message: expect.any(String) },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, insertCustomer, paths, planBody, type Who } from './recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let b: Who;
let analyst: Who;
let provider: Who;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  analyst = await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('plans', () => {
  it('creates a plan with the spec defaults and lists, counts, filters and populates it', async () => {
    const created = await call(t.app, a, 'POST', '/v1/plan', {
      name: 'Basic',
      payment_profile: world.profileA,
      amount: 1250,
      interval: 'week',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Basic',
      amount: 1250,
      interval: 'week',
      interval_count: 1,
      description: '',
      dynamic_descriptor: '',
      checkout: null,
      organisation: world.shopA.id,
    });
    await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, { name: 'Yearly', amount: 9900, interval: 'year' }),
    );

    const list = await call(
      t.app,
      a,
      'GET',
      '/v1/plan?_populate=payment_profile organisation checkout&amount>=1000&amount<=2000',
    );
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Basic']);
    expect(list.body[0].payment_profile).toMatchObject({ id: world.profileA, name: 'Shop A web' });
    expect(list.body[0].organisation).toMatchObject({ id: world.shopA.id });
    expect((await call(t.app, a, 'GET', '/v1/plan/count?interval=year')).body).toEqual({ count: 1 });
    expect((await call(t.app, a, 'GET', `/v1/plan?id=${created.body.id}`)).body).toHaveLength(1);
    expect((await call(t.app, a, 'GET', '/v1/plan?interval=fortnight')).status).toBe(400);
  });

  it('refuses each §5 rule with the field named, and stores nothing', async () => {
    const before = (await call(t.app, a, 'GET', '/v1/plan/count')).body.count;
    const empty = await call(t.app, a, 'POST', '/v1/plan', {});
    expect(empty.status).toBe(400);
    expect(paths(empty.body)).toEqual(['body.amount', 'body.interval', 'body.name', 'body.payment_profile']);

    const urls = await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, {
        webhook_subscription_update: 'not a url',
        redirect_url: 'javascript:alert(1)',
        email_subscription_update: 'nobody',
        interval_count: 0,
        amount: -5,
      }),
    );
    expect(urls.status).toBe(400);
    expect(paths(urls.body)).toEqual([
      'body.amount',
      'body.email_subscription_update',
      'body.interval_count',
      'body.redirect_url',
      'body.webhook_subscription_update',
    ]);

    // Issue 21: a count typed as 1,5 or 0 and an amount beyond the column's range are refused, never rounded or clamped.
    const counts = await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, { max_billing_cycle: 1.5, interval_count: 1.5, amount: 12.5 }),
    );
    expect(paths(counts.body)).toEqual(['body.amount', 'body.interval_count', 'body.max_billing_cycle']);
    const huge = await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, { amount: 10_000_000_001, max_billing_cycle: 0 }),
    );
    expect(paths(huge.body)).toEqual(['body.amount', 'body.max_billing_cycle']);

    const neither = await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, {
        statuses_subscription_update: ['PAST_DUE'],
        webhook_subscription_update: '',
        email_subscription_update: '',
      }),
    );
    expect(neither.status).toBe(400);
    expect(neither.body.details).toContainEqual(
      expect.objectContaining({
        path: 'body.webhook_subscription_update',
        code: 'webhookOrEmail',
        message: "You must select at least one of 'Webhook' or 'Email'.",
      }),
    );
    expect((await call(t.app, a, 'GET', '/v1/plan/count')).body.count).toBe(before);

    const ok = await call(
      t.app,
      a,
      'POST',
      '/v1/plan',
      planBody(world.profileA, {
        statuses_subscription_update: ['PAST_DUE'],
        email_subscription_update: 'ops@shop-a.test',
        webhook_subscription_update: '',
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.webhook_subscription_update).toBeNull();
  });

  it("keeps tenants apart: another merchant's plan and profile are 404, and absent from lists", async () => {
    const planB = await call(t.app, b, 'POST', '/v1/plan', planBody(world.profileB, { name: 'B plan' }));
    expect(planB.status).toBe(201);
    expect((await call(t.app, a, 'GET', `/v1/plan/${planB.body.id}`)).status).toBe(404);
    expect((await call(t.app, a, 'POST', `/v1/plan/${planB.body.id}`, { name: 'taken' })).status).toBe(404);
    expect((await call(t.app, a, 'DELETE', `/v1/plan/${planB.body.id}`)).status).toBe(404);
    expect((await call(t.app, a, 'GET', '/v1/plan?_limit=100')).body.map((p: { id: string }) => p.id)).not.toContain(
      planB.body.id,
    );
    const foreignProfile = await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileB));
    expect(foreignProfile.status).toBe(404);
    expect(paths(foreignProfile.body)).toEqual(['body.payment_profile']);
    expect((await call(t.app, b, 'GET', `/v1/plan/${planB.body.id}`)).body.name).toBe('B plan');
  });

  it('refuses users without the plan roles (403)', async () => {
    expect((await call(t.app, analyst, 'GET', '/v1/plan')).status).toBe(403);
    expect((await call(t.app, analyst, 'POST', '/v1/plan', planBody(world.profileA))).status).toBe(403);
  });

  it('makes provider staff name the merchant', async () => {
    const missing = await call(t.app, provider, 'POST', '/v1/plan', planBody(world.profileA));
    expect(missing.status).toBe(400);
    expect(paths(missing.body)).toEqual(['body.organisation']);
    const named = await call(
      t.app,
      provider,
      'POST',
      '/v1/plan',
      planBody(world.profileA, { organisation: world.shopA.id }),
    );
    expect(named.status).toBe(201);
  });

  it('updates by POST or PUT, checks the merged notification rule, and protects billing terms of a plan in use', async () => {
    const plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, { name: 'Editable' }))).body;
    const renamed = await call(t.app, a, 'PUT', `/v1/plan/${plan.id}`, { name: 'Edited', amount: 1500 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', amount: 1500, description: 'A box every month' });
    const rule = await call(t.app, a, 'POST', `/v1/plan/${plan.id}`, { statuses_subscription_update: ['ACTIVE'] });
    expect(rule.status).toBe(400);
    expect(paths(rule.body)).toContain('body.webhook_subscription_update');

    const customer = await insertCustomer(t.db, world.shopA);
    expect((await call(t.app, a, 'POST', '/v1/subscription', { customer, plan: plan.id })).status).toBe(201);
    const terms = await call(t.app, a, 'POST', `/v1/plan/${plan.id}`, { amount: 999, name: 'Still fine' });
    expect(terms.status).toBe(409);
    expect(paths(terms.body)).toEqual(['body.amount']);
    // Every changed term is named, coded with the count of subscriptions that fix it.
    const both = await call(t.app, a, 'POST', `/v1/plan/${plan.id}`, { amount: 999, interval: 'year' });
    expect(both.status).toBe(409);
    expect(both.body.details).toMatchObject([
      { path: 'body.amount', code: 'lockedBySubscriptions', params: { count: 1 } },
      { path: 'body.interval', code: 'lockedBySubscriptions', params: { count: 1 } },
    ]);
    expect((await call(t.app, a, 'POST', `/v1/plan/${plan.id}`, { name: 'Still fine', amount: 1500 })).status).toBe(
      200,
    );

    const refused = await call(t.app, a, 'DELETE', `/v1/plan/${plan.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/running subscription/);
  });

  it('deletes an unused plan: gone from lists and by id', async () => {
    const plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, { name: 'Short-lived' }))).body;
    expect((await call(t.app, a, 'DELETE', `/v1/plan/${plan.id}`)).status).toBe(204);
    expect((await call(t.app, a, 'GET', `/v1/plan/${plan.id}`)).status).toBe(404);
    expect((await call(t.app, a, 'GET', '/v1/plan?name=Short-lived')).body).toEqual([]);
  });
});

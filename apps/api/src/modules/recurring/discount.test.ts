import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, insertCustomer, paths, planBody, type Who } from './recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let b: Who;
let analyst: Who;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
  analyst = await signIn(t.app, 'a-analyst@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('subscription discounts', () => {
  it('creates with fixed_cents by default and stores empty duration and minimum_amount as null', async () => {
    const created = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'Welcome',
      amount: 250,
      duration: '',
      minimum_amount: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Welcome',
      type: 'fixed_cents',
      amount: 250,
      duration: null,
      minimum_amount: null,
      limit_to_first_order: false,
      organisation: world.shopA.id,
    });
    const pct = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'Ten off',
      type: 'percentage',
      amount: 0.1,
      duration: 3,
      minimum_amount: 500,
      limit_to_first_order: true,
    });
    expect(pct.body).toMatchObject({
      type: 'percentage',
      amount: 0.1,
      duration: 3,
      minimum_amount: 500,
      limit_to_first_order: true,
    });
    const list = await call(t.app, a, 'GET', '/v1/subscription-discount?_populate=organisation&type=percentage');
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(['Ten off']);
    expect(list.body[0].organisation.name).toBe('Shop A');
  });

  it('refuses each §5 rule with the field named', async () => {
    const empty = await call(t.app, a, 'POST', '/v1/subscription-discount', {});
    expect(paths(empty.body)).toEqual(['body.amount', 'body.name']);
    const zero = await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'Zero', amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.details).toMatchObject([{ path: 'body.amount', message: 'The amount must be greater than 0' }]);
    const overOne = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'Too much',
      type: 'percentage',
      amount: 1.5,
    });
    expect(overOne.body.details).toMatchObject([
      { path: 'body.amount', message: 'A percentage is a fraction of at most 1' },
    ]);
    const fractionCents = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'Half cent',
      amount: 12.5,
    });
    expect(paths(fractionCents.body)).toEqual(['body.amount']);
    const badDuration = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'D',
      amount: 100,
      duration: 0,
      minimum_amount: -1,
      type: 'coupon',
    });
    expect(paths(badDuration.body)).toEqual(['body.duration', 'body.minimum_amount', 'body.type']);
    // Issue 21: a negative duration is refused, not made 1; a fixed amount beyond an exact JSON number is refused.
    const negative = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'D',
      amount: 100,
      duration: -1,
      minimum_amount: 1.5,
    });
    expect(paths(negative.body)).toEqual(['body.duration', 'body.minimum_amount']);
    const huge = await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'Huge', amount: 1e300 });
    expect(huge.status).toBe(400);
    expect(paths(huge.body)).toEqual(['body.amount']);
    const percent = await call(t.app, a, 'POST', '/v1/subscription-discount', {
      name: 'Twelve and a half',
      type: 'percentage',
      amount: 0.125,
    });
    expect(percent.status).toBe(201);
    expect(percent.body.amount).toBe(0.125);
    const switchType = (await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'Switch', amount: 300 }))
      .body;
    const merged = await call(t.app, a, 'POST', `/v1/subscription-discount/${switchType.id}`, { type: 'percentage' });
    expect(merged.status).toBe(400);
    expect(paths(merged.body)).toEqual(['body.amount']);
  });

  it('keeps tenants apart and refuses users without the role', async () => {
    const mine = (await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'Mine', amount: 100 })).body;
    expect((await call(t.app, b, 'GET', `/v1/subscription-discount/${mine.id}`)).status).toBe(404);
    expect((await call(t.app, b, 'PUT', `/v1/subscription-discount/${mine.id}`, { name: 'Theirs' })).status).toBe(404);
    expect((await call(t.app, b, 'DELETE', `/v1/subscription-discount/${mine.id}`)).status).toBe(404);
    expect((await call(t.app, analyst, 'GET', '/v1/subscription-discount')).status).toBe(403);
    expect((await call(t.app, analyst, 'POST', '/v1/subscription-discount', { name: 'x', amount: 1 })).status).toBe(
      403,
    );
    expect((await call(t.app, a, 'GET', `/v1/subscription-discount/${mine.id}`)).body.name).toBe('Mine');
  });

  it('protects a discount active on a running subscription: only the name changes, delete refused', async () => {
    const discount = (await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'In use', amount: 100 })).body;
    const plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA))).body;
    const customer = await insertCustomer(t.db, world.shopA);
    expect(
      (
        await call(t.app, a, 'POST', '/v1/subscription', {
          customer,
          plan: plan.id,
          subscription_discount: discount.id,
        })
      ).status,
    ).toBe(201);
    expect(
      (await call(t.app, a, 'POST', `/v1/subscription-discount/${discount.id}`, { name: 'Renamed' })).body.name,
    ).toBe('Renamed');
    const terms = await call(t.app, a, 'POST', `/v1/subscription-discount/${discount.id}`, { amount: 200 });
    expect(terms.status).toBe(409);
    expect(paths(terms.body)).toEqual(['body.amount']);
    expect((await call(t.app, a, 'DELETE', `/v1/subscription-discount/${discount.id}`)).status).toBe(409);

    const unused = (await call(t.app, a, 'POST', '/v1/subscription-discount', { name: 'Unused', amount: 100 })).body;
    expect((await call(t.app, a, 'DELETE', `/v1/subscription-discount/${unused.id}`)).status).toBe(204);
    expect((await call(t.app, a, 'GET', `/v1/subscription-discount/${unused.id}`)).status).toBe(404);
  });
});

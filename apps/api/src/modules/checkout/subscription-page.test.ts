import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { call, insertCustomer, planBody, type Who } from '../recurring/recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
let b: Who;
const nobody = {} as Who;
const tokenOf = (url: string) => url.split('/').at(-1)!;
const page = (token: string) => call(t.app, nobody, 'GET', `/v1/subscribe/${encodeURIComponent(token)}`);

const subscribe = async (who: Who, profile: string, org: TestWorld['shopA'], plan: Record<string, unknown>) => {
  const created = await call(t.app, who, 'POST', '/v1/plan', planBody(profile, plan));
  expect(created.status).toBe(201);
  const customer = await insertCustomer(t.db, org);
  const sub = await call(t.app, who, 'POST', '/v1/subscription', {
    customer,
    plan: created.body.id,
    start_date: '2026-12-01T09:00:00.000Z',
  });
  expect(sub.status).toBe(201);
  return sub.body as { id: string; subscription_url: string };
};

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://kassa.example' });
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

describe('the hosted subscription page (subscription_url)', () => {
  it('shows the customer signed out their subscription: plan, amount, interval, next charge and status', async () => {
    const sub = await subscribe(a, world.profileA, world.shopA, {
      name: 'Coffee club',
      description: 'Beans every week',
      amount: 1250,
      interval: 'week',
      interval_count: 2,
      max_billing_cycle: 6,
    });
    expect(sub.subscription_url).toMatch(/^https:\/\/kassa\.example\/subscribe\/[A-Za-z0-9_-]{32}$/);
    const shown = await page(tokenOf(sub.subscription_url));
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      status: 'CREATED',
      merchant_name: 'Shop A web',
      plan_name: 'Coffee club',
      plan_description: 'Beans every week',
      amount: 1250,
      currency_code: 'EUR',
      interval: 'week',
      interval_count: 2,
      payment_product: 'card',
      next_charge_at: '2026-12-01T09:00:00.000Z',
      billing_cycle: 1,
      max_billing_cycle: 6,
      cancelled_at: null,
    });
    // Nothing that identifies the subscription, the customer or the merchant's organisation.
    expect(Object.keys(shown.body)).not.toEqual(expect.arrayContaining(['id']));
    expect(JSON.stringify(shown.body)).not.toMatch(/cus_|sub_|example\.test|organisation/);

    // Billed once, then cancelled by the merchant: the page says so and shows no next charge.
    await t.db.query(
      sql`update subscription set status = 'ACTIVE', billing_cycle = 2, last_paid_cycle = 1 where id = ${sub.id}`,
    );
    expect((await call(t.app, a, 'DELETE', `/v1/subscription/${sub.id}`)).body.result).toBe('cancelled');
    const after = await page(tokenOf(sub.subscription_url));
    expect(after.body.status).toBe('CANCELLED');
    expect(after.body.next_charge_at).toBeNull();
    expect(after.body.cancelled_at).not.toBeNull();
  });

  it("opens only its own subscription: another merchant's token shows theirs, guessed or altered tokens are 404", async () => {
    const mine = await subscribe(a, world.profileA, world.shopA, { name: 'Mine', amount: 1000 });
    const theirs = await subscribe(b, world.profileB, world.shopB, { name: 'Theirs', amount: 3000 });
    expect((await page(tokenOf(theirs.subscription_url))).body).toMatchObject({
      plan_name: 'Theirs',
      merchant_name: 'Shop B web',
    });
    const token = tokenOf(mine.subscription_url);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const guess of [altered, mine.id, 'x'.repeat(32), "' or 1=1 --"]) {
      const answer = await page(guess);
      expect(answer.status, guess).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    // Signed in as another merchant changes nothing: the token alone decides.
    expect((await call(t.app, b, 'GET', `/v1/subscribe/${token}`)).body.plan_name).toBe('Mine');
  });
});

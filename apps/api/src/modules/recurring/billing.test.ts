import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { runBilling } from './billing.service.ts';
import { call, insertCustomer, planBody, type Who } from './recurring.fixtures.ts';

let t: TestApp;
let world: TestWorld;
let a: Who;
const DAY = 86_400_000;
const start = new Date('2026-01-31T08:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const newPlan = async (overrides: Record<string, unknown>) =>
  (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, overrides))).body.id as string;
const newSubscription = async (plan: string, extra: Record<string, unknown> = {}, customerStatus = 'VERIFIED') => {
  const customer = await insertCustomer(t.db, world.shopA, { status: customerStatus });
  const created = await call(t.app, a, 'POST', '/v1/subscription', {
    customer,
    plan,
    start_date: start.toISOString(),
    ...extra,
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, customer };
};
const subscription = async (id: string) => (await call(t.app, a, 'GET', `/v1/subscription/${id}`)).body;
const transactions = async (id: string) =>
  (await call(t.app, a, 'GET', `/v1/transaction?subscription=${id}&_populate=payment_profile&_sort=created_at`))
    .body as {
    amount: number;
    status: string;
    subscription_cycle: number;
    recurring_type: string;
    payment_profile: { currency_code: string };
  }[];
const runFor = (now: Date) => runBilling(t.db, { now, organisationId: world.shopA.id });

describe('billing runs', () => {
  it('charges a due cycle, advances billing_cycle and the month-end due date, and charges nothing twice', async () => {
    const plan = await newPlan({ amount: 2500, interval: 'month' });
    const { id } = await newSubscription(plan);
    const first = await runFor(at(0));
    expect(first.charged.filter((c) => c.subscription === id)).toEqual([
      expect.objectContaining({
        cycle: 1,
        attempt: 1,
        charged_amount: 2500,
        status: 'SETTLEMENT_REQUESTED',
        subscription_status: 'ACTIVE',
      }),
    ]);
    expect(await subscription(id)).toMatchObject({
      status: 'ACTIVE',
      billing_cycle: 2,
      last_paid_cycle: 1,
      last_paid_date: at(0).toISOString(),
      due_date: '2026-02-28T08:00:00.000Z',
    });
    expect((await runFor(at(27))).charged.some((c) => c.subscription === id)).toBe(false);
    await runFor(at(28));
    expect((await subscription(id)).due_date).toBe('2026-03-31T08:00:00.000Z');
    const txs = await transactions(id);
    expect(txs.map((tx) => [tx.amount, tx.status, tx.subscription_cycle, tx.recurring_type])).toEqual([
      [2500, 'SETTLEMENT_REQUESTED', 1, 'initial'],
      [2500, 'SETTLEMENT_REQUESTED', 2, 'recurring'],
    ]);
    expect(txs[0].payment_profile.currency_code).toBe('EUR');
    const [scheduled] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from scheduled_transaction where subscription_id = ${id} and status = 'DONE'`,
    );
    expect(scheduled.count).toBe(2);
  });

  it('applies a percentage discount rounded to cents for its duration, then charges the full amount', async () => {
    const plan = await newPlan({ amount: 1999, interval: 'week' });
    const discount = (
      await call(t.app, a, 'POST', '/v1/subscription-discount', {
        name: '15% for 2',
        type: 'percentage',
        amount: 0.15,
        duration: 2,
      })
    ).body.id;
    const { id } = await newSubscription(plan, { subscription_discount: discount });
    for (const day of [0, 7, 14]) await runFor(at(day));
    expect((await transactions(id)).map((tx) => tx.amount)).toEqual([1699, 1699, 1999]);
    const after = await subscription(id);
    expect(after.subscription_discount).toBeNull();
    expect(after.discounts_attached).toEqual([expect.objectContaining({ active: false, applied_duration: 2 })]);
  });

  it('applies a first-order-only fixed discount once, and never below zero', async () => {
    const plan = await newPlan({ amount: 1000, interval: 'day' });
    const discount = (
      await call(t.app, a, 'POST', '/v1/subscription-discount', {
        name: 'First 4 off',
        amount: 400,
        limit_to_first_order: true,
      })
    ).body.id;
    const { id } = await newSubscription(plan, { subscription_discount: discount });
    await runFor(at(0));
    await runFor(at(1));
    expect((await transactions(id)).map((tx) => tx.amount)).toEqual([600, 1000]);
    expect((await subscription(id)).discounts_attached[0]).toMatchObject({ active: false, applied_duration: 1 });
  });

  it('moves a failed charge to PAST_DUE with a retry, and a later success back to ACTIVE', async () => {
    const plan = await newPlan({
      amount: 1200,
      interval: 'month',
      statuses_subscription_update: ['PAST_DUE', 'ACTIVE'],
      webhook_subscription_update: 'https://shop-a.test/hooks',
      email_subscription_update: 'ops@shop-a.test',
    });
    const { id, customer } = await newSubscription(plan, {}, 'UNKNOWN');
    const failed = await runFor(at(0));
    expect(failed.charged.find((c) => c.subscription === id)).toMatchObject({
      status: 'DECLINED',
      subscription_status: 'PAST_DUE',
    });
    expect(await subscription(id)).toMatchObject({
      status: 'PAST_DUE',
      billing_cycle: 1,
      last_paid_cycle: null,
      next_attempt_at: at(1).toISOString(),
    });
    expect((await subscription(id)).status_reason).toMatch(/customer unknown to the issuer \(05\); retry 1 of 3/);
    const [hook] = await t.db.query<{ payload: { url: string; data: { id: string; status: string } } }>(
      sql`select payload from job where queue = 'webhook.subscription' and payload->'data'->>'id' = ${id}`,
    );
    expect(hook.payload).toMatchObject({ url: 'https://shop-a.test/hooks', data: { id, status: 'PAST_DUE' } });
    const mails = await t.db.query<{ subject: string }>(
      sql`select subject from mail where to_address = 'ops@shop-a.test'`,
    );
    expect(mails.map((m) => m.subject)).toContain(`Subscription ${id} is PAST_DUE`);

    expect((await runFor(at(0.5))).charged.some((c) => c.subscription === id)).toBe(false);
    await t.db.query(sql`update customer set status = 'VERIFIED' where id = ${customer}`);
    const retried = await runFor(at(1));
    expect(retried.charged.find((c) => c.subscription === id)).toMatchObject({
      cycle: 1,
      attempt: 2,
      status: 'SETTLEMENT_REQUESTED',
      subscription_status: 'ACTIVE',
    });
    expect(await subscription(id)).toMatchObject({
      status: 'ACTIVE',
      status_reason: null,
      billing_cycle: 2,
      last_paid_cycle: 1,
      due_date: '2026-02-28T08:00:00.000Z',
    });
    expect((await transactions(id)).map((tx) => tx.status)).toEqual(['DECLINED', 'SETTLEMENT_REQUESTED']);
    const [hooks] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from job where queue = 'webhook.subscription' and payload->'data'->>'id' = ${id}`,
    );
    expect(hooks.count).toBe(2);
  });

  it('expires a subscription after the retries at 1, 3 and 7 days fail too', async () => {
    const plan = await newPlan({ amount: 1051, interval: 'month' });
    const { id } = await newSubscription(plan);
    for (const day of [0, 1, 3]) {
      await runFor(at(day));
      expect((await subscription(id)).status).toBe('PAST_DUE');
    }
    await runFor(at(7));
    expect(await subscription(id)).toMatchObject({ status: 'EXPIRED', next_attempt_at: null });
    expect((await runFor(at(40))).charged.some((c) => c.subscription === id)).toBe(false);
    expect((await transactions(id)).map((tx) => tx.status)).toEqual(['DECLINED', 'DECLINED', 'DECLINED', 'DECLINED']);
  });

  it('completes the subscription when max_billing_cycle is reached, and notifies only the chosen statuses', async () => {
    const plan = await newPlan({
      amount: 500,
      interval: 'day',
      max_billing_cycle: 2,
      statuses_subscription_update: ['COMPLETED'],
      webhook_subscription_update: 'https://shop-a.test/done',
    });
    const { id } = await newSubscription(plan);
    await runFor(at(0));
    await runFor(at(1));
    expect(await subscription(id)).toMatchObject({
      status: 'COMPLETED',
      billing_cycle: 2,
      last_paid_cycle: 2,
      max_billing_cycle: 2,
      due_date: null,
    });
    expect((await runFor(at(2))).charged.some((c) => c.subscription === id)).toBe(false);
    expect(await transactions(id)).toHaveLength(2);
    const hooks = await t.db.query<{ payload: { data: { status: string } } }>(
      sql`select payload from job where queue = 'webhook.subscription' and payload->'data'->>'id' = ${id}`,
    );
    expect(hooks.map((h) => h.payload.data.status)).toEqual(['COMPLETED']);
  });

  it('leaves nothing behind when a charge crashes mid-transaction, and bills that cycle once on the next run', async () => {
    const plan = await newPlan({ amount: 700, interval: 'month' });
    const crashing = await newSubscription(plan);
    const healthy = await newSubscription(plan);
    // A real failure inside the database transaction, after the claim and the scheduled transaction were written.
    await t.db.exec(`create function fail_charge() returns trigger language plpgsql as $$
      begin if new.subscription_id = '${crashing.id}' then raise exception 'processor connection lost'; end if; return new; end $$;
      create trigger fail_charge before insert on transaction for each row execute function fail_charge();`);
    const run = await runFor(at(0));
    await t.db.exec('drop trigger fail_charge on transaction; drop function fail_charge();');
    expect(run.errors).toEqual([
      { subscription: crashing.id, message: expect.stringMatching(/processor connection lost/) },
    ]);
    expect(run.charged.some((c) => c.subscription === healthy.id)).toBe(true);
    expect(await subscription(crashing.id)).toMatchObject({ status: 'CREATED', billing_cycle: 1 });
    const leftovers = await t.db
      .query(sql`select 1 from subscription_cycle_charge where subscription_id = ${crashing.id}
      union all select 1 from scheduled_transaction where subscription_id = ${crashing.id}`);
    expect(leftovers).toEqual([]);
    await runFor(at(0));
    await runFor(at(0));
    expect((await transactions(crashing.id)).map((tx) => tx.subscription_cycle)).toEqual([1]);
    expect(await transactions(healthy.id)).toHaveLength(1);
  });

  it('refuses a second successful charge of the same cycle at the database', async () => {
    const plan = await newPlan({ amount: 800, interval: 'month' });
    const { id } = await newSubscription(plan);
    await runFor(at(0));
    await expect(
      t.db.query(
        sql`insert into subscription_cycle_charge (id, subscription_id, cycle, attempt, amount, status) values ('scc_dup', ${id}, 1, 9, 800, 'SETTLEMENT_REQUESTED')`,
      ),
    ).rejects.toThrow(/duplicate key|unique/);
  });
});

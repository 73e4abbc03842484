import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../jobs/queue.ts';
import { createRunner } from '../../jobs/runner.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { openPostgres } from '../../plugins/db/postgres.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { testEngine } from '../../test/engine.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { BILLING_QUEUE, registerBillingJobs } from './billing.job.ts';
import { runBilling } from './billing.service.ts';
import { call, insertCustomer, planBody, type Who } from './recurring.fixtures.ts';

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

const subscribeMany = async (count: number, amount: number, startDate = '2026-01-01T00:00:00Z') => {
  const plan = (await call(t.app, a, 'POST', '/v1/plan', planBody(world.profileA, { amount }))).body.id;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const customer = await insertCustomer(t.db, world.shopA);
    ids.push((await call(t.app, a, 'POST', '/v1/subscription', { customer, plan, start_date: startDate })).body.id);
  }
  return ids;
};

const chargesOf = async (ids: string[]) =>
  t.db.query<{
    subscription_id: string;
    count: number;
  }>(sql`select subscription_id, count(*)::int as count from transaction
    where subscription_id = any(${ids}) group by subscription_id order by subscription_id`);

/** A second, independent connection pool to the same database: another worker process, as far as locking goes. */
const secondDb = async (): Promise<{ db: Db; close: () => Promise<void> }> => {
  if (testEngine() === 'pglite') return { db: t.db, close: async () => {} };
  const [{ schema }] = await t.db.query<{ schema: string }>(sql`select current_schema() as schema`);
  const db = await openPostgres({ url: process.env.TEST_DATABASE_URL as string, schema, max: 3 });
  return { db, close: () => db.close() };
};

describe('concurrent billing runs', () => {
  it('bill each due cycle exactly once with two runs racing', async () => {
    const ids = await subscribeMany(12, 3300);
    const other = await secondDb();
    try {
      const now = new Date('2026-01-02T00:00:00Z');
      const [one, two] = await Promise.all([runBilling(t.db, { now }), runBilling(other.db, { now })]);
      const billed = [...one.charged, ...two.charged]
        .filter((c) => ids.includes(c.subscription))
        .map((c) => c.subscription);
      expect(billed.sort()).toEqual([...ids].sort());
      expect([...one.errors, ...two.errors]).toEqual([]);
      expect((await chargesOf(ids)).map((row) => row.count)).toEqual(ids.map(() => 1));
      const again = await runBilling(t.db, { now });
      expect(again.charged.filter((c) => ids.includes(c.subscription))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('resumes after a run that stopped part-way, without billing the first part again', async () => {
    const ids = await subscribeMany(5, 3400);
    const now = new Date('2026-01-02T00:00:00Z');
    const partial = await runBilling(t.db, { now, organisationId: world.shopA.id, limit: 2 });
    expect(partial.charged).toHaveLength(2);
    await runBilling(t.db, { now, organisationId: world.shopA.id });
    expect((await chargesOf(ids)).map((row) => row.count)).toEqual(ids.map(() => 1));
  });

  it('runs as the periodic billing.run job through the job runner', async () => {
    const ids = await subscribeMany(2, 3500, new Date(Date.now() - 60_000).toISOString());
    registerBillingJobs();
    await enqueue(t.db, BILLING_QUEUE, {});
    const runner = createRunner(t.db, t.config, { queues: [BILLING_QUEUE] });
    expect(await runner.drain()).toBeGreaterThanOrEqual(1);
    expect((await chargesOf(ids)).map((row) => row.count)).toEqual([1, 1]);
    const [job] = await t.db.query<{ status: string }>(
      sql`select status from job where queue = ${BILLING_QUEUE} order by id desc limit 1`,
    );
    expect(job.status).toBe('done');
  });
});

describe('POST /v1/subscription/billing-run', () => {
  it("bills only the caller's tenant, at the simulated time, and answers what was charged", async () => {
    const [id] = await subscribeMany(1, 3600, '2027-05-01T00:00:00Z');
    const early = await call(t.app, a, 'POST', '/v1/subscription/billing-run', {});
    expect(early.status).toBe(200);
    expect(early.body.charged.some((c: { subscription: string }) => c.subscription === id)).toBe(false);
    expect(
      (await call(t.app, b, 'POST', '/v1/subscription/billing-run', { now: '2027-05-02T00:00:00Z' })).body.charged,
    ).toEqual([]);
    const run = await call(t.app, a, 'POST', '/v1/subscription/billing-run', { now: '2027-05-02T00:00:00Z' });
    expect(run.body.charged.filter((c: { subscription: string }) => c.subscription === id)).toEqual([
      expect.objectContaining({
        subscription: id,
        cycle: 1,
        charged_amount: 3600,
        status: 'SETTLEMENT_REQUESTED',
        subscription_status: 'ACTIVE',
      }),
    ]);
    const bad = await call(t.app, a, 'POST', '/v1/subscription/billing-run', { now: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('body.now');
  });

  it('is refused without the roles, and absent in production outside demo mode', async () => {
    expect((await call(t.app, analyst, 'POST', '/v1/subscription/billing-run', {})).status).toBe(403);
    const production = await createTestApp({ nodeEnv: 'production', demo: false });
    try {
      await createTestWorld(production.db);
      const who = await signIn(production.app, 'a@test.kassa', TEST_PASSWORD);
      const refused = await call(production.app, who, 'POST', '/v1/subscription/billing-run', {});
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('not_available');
    } finally {
      await production.close();
    }
  });
});

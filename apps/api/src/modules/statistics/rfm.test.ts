import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { insertTestCustomer } from '../payments/payments-test-helpers.ts';
import { computeRfm } from './rfm.service.ts';

let t: TestApp;
let world: TestWorld;
let a: Caller;
let b: Caller;
const DAY = 86_400_000;
const customers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ a, b } = await signInTestUsers(t.app, TEST_PASSWORD));
  const pay = (customer: string, daysAgo: number, amount: number, status = 'SETTLEMENT_COMPLETED') =>
    insertTestTransaction(t.db, world.shopA, world.profileA, {
      customerId: customer,
      createdAt: new Date(Date.now() - daysAgo * DAY),
      amount,
      status,
    });
  // Ten customers of shop A, so each quintile holds two.
  for (const name of ['best1', 'best2', 'once', 'lapsed1', 'lapsed2', 'mid1', 'mid2', 'old1', 'old2', 'never'])
    customers[name] = await insertTestCustomer(t.db, world.shopA);
  for (const best of ['best1', 'best2']) for (let i = 0; i < 12; i++) await pay(customers[best], 1 + i * 5, 90_000 + i);
  await pay(customers.once, 2, 5_000);
  for (const lapsed of ['lapsed1', 'lapsed2'])
    for (let i = 0; i < 8; i++) await pay(customers[lapsed], 200 + i * 10, 20_000);
  for (const mid of ['mid1', 'mid2']) for (let i = 0; i < 3; i++) await pay(customers[mid], 40 + i * 7, 10_000);
  for (const old of ['old1', 'old2']) await pay(customers[old], 300, 1_000);
  // Declined payments and ones older than the window do not count.
  await pay(customers.never, 3, 50_000, 'DECLINED');
  await pay(customers.old1, 500, 99_000);
  await t.db.query(
    sql`update customer set created_at = now() - interval '400 days' where id = any(${Object.values(customers)})`,
  );
  // Changes after insert move rows in and out of the rollup.
  await t.db.query(
    sql`update transaction set status = 'DECLINED' where customer_id = ${customers.mid2} and created_at < now() - interval '50 days'`,
  );
  await t.db.query(
    sql`delete from transaction where customer_id = ${customers.mid1} and created_at < now() - interval '50 days'`,
  );
  // A customer of another merchant.
  const other = await insertTestCustomer(t.db, world.shopB);
  await insertTestTransaction(t.db, world.shopB, world.profileB, { customerId: other, amount: 1_000 });
});
afterAll(() => t.close());

describe('RFM', () => {
  it('the customer_monthly rollup equals the revenue transactions it counts', async () => {
    const rollup = await t.db.query(
      sql`select customer_id, month::text, currency_code, count::int, volume::bigint from customer_monthly where count <> 0 order by 1, 2, 3`,
    );
    const direct = await t.db
      .query(sql`select customer_id, date_trunc('month', created_at at time zone 'UTC')::date::text as month, currency_code, count(*)::int as count, sum(amount)::bigint as volume
      from transaction where customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') group by 1, 2, 3 order by 1, 2, 3`);
    expect(rollup).toEqual(direct);
  });

  it('scores customers from the rollup into segments, the same as from the raw rows, and writes nothing when nothing changed', async () => {
    await computeRfm(t.db);
    const rows = await t.db.query<{
      id: string;
      segment: string;
      rfm_count: number;
      rfm_volume: number;
      rfm_recency: number | null;
      rfm_frequency: number | null;
    }>(
      sql`select id, segment, rfm_count, rfm_volume::bigint as rfm_volume, rfm_recency, rfm_frequency from customer where merchant_id = ${world.shopA.merchantId}`,
    );
    const of = (name: string) => rows.find((r) => r.id === customers[name])!;
    // The window's counts and volumes, straight from the transactions.
    const direct = await t.db.query<{
      id: string;
      count: number;
      volume: number;
    }>(sql`select customer_id as id, count(*)::int as count, sum(amount)::bigint as volume from transaction
      where merchant_id = ${world.shopA.merchantId} and customer_id is not null and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
        and created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '12 months' group by 1`);
    for (const d of direct)
      expect({
        count: rows.find((r) => r.id === d.id)?.rfm_count,
        volume: rows.find((r) => r.id === d.id)?.rfm_volume,
      }).toEqual({ count: d.count, volume: d.volume });
    expect(of('best1').segment).toBe('champions');
    expect(of('best2').segment).toBe('champions');
    expect(of('once').segment).toBe('new');
    expect(of('lapsed1').segment).toBe('at_risk');
    expect(of('old1').segment).toBe('hibernating');
    expect(of('never')).toMatchObject({ segment: 'hibernating', rfm_count: 0, rfm_recency: null });
    expect(of('mid1').rfm_count).toBe(2);
    expect(of('mid2').rfm_count).toBe(2);
    expect(await computeRfm(t.db)).toEqual({ scored: 0, idle: 0 });
  });

  it('customer/aggregate/rfm answers the segments of the caller only, with shares', async () => {
    await computeRfm(t.db);
    const response = await callAs(t.app, a, 'GET', '/v1/customer/aggregate/rfm');
    expect(response.status).toBe(200);
    const expected = await t.db.query<{ segment: string; count: number }>(
      sql`select segment, count(*)::int as count from customer where merchant_id = ${world.shopA.merchantId} group by 1 order by 2 desc, 1`,
    );
    expect(
      response.body.map((r: { segment: string; count: number }) => ({ segment: r.segment, count: r.count })),
    ).toEqual(expected);
    expect(response.body.reduce((sum: number, r: { percentage: number }) => sum + r.percentage, 0)).toBeCloseTo(100, 0);
    const champions = response.body.find((r: { segment: string }) => r.segment === 'champions');
    expect(champions.recency).toBeGreaterThanOrEqual(4);
    // The means and the newest score time from the segment rollup equal those over the customers themselves.
    const means = await t.db.query<{
      segment: string;
    }>(sql`select segment, round(avg(rfm_recency), 1)::float as recency, round(avg(rfm_frequency), 1)::float as frequency,
      round(avg(rfm_monetary), 1)::float as monetary from customer where merchant_id = ${world.shopA.merchantId} group by 1`);
    means.sort((x, y) => x.segment.localeCompare(y.segment));
    expect(
      response.body
        .map((r: { segment: string; recency: number | null; frequency: number | null; monetary: number | null }) => ({
          segment: r.segment,
          recency: r.recency,
          frequency: r.frequency,
          monetary: r.monetary,
        }))
        .sort((x: { segment: string }, y: { segment: string }) => x.segment.localeCompare(y.segment)),
    ).toEqual(means);
    const [{ newest }] = await t.db.query<{ newest: Date }>(
      sql`select max(rfm_updated_at) as newest from customer where merchant_id = ${world.shopA.merchantId}`,
    );
    expect(response.body.every((r: { updated_at: string }) => r.updated_at === newest.toISOString())).toBe(true);
    const other = (await callAs(t.app, b, 'GET', '/v1/customer/aggregate/rfm')).body;
    expect(other.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(1);
  });

  it('counts a customer over every currency and scores the volume of the main one, in one pass over the rows', async () => {
    // mid1 paid 3 x 10,000 EUR in the window (2 left after the delete); two GBP payments make GBP
    // neither the larger volume nor the currency of the score, but count towards frequency.
    for (const daysAgo of [10, 12])
      await insertTestTransaction(t.db, world.shopA, world.profileA, {
        customerId: customers.mid1,
        createdAt: new Date(Date.now() - daysAgo * DAY),
        amount: 4_000,
        currency: 'GBP',
      });
    await computeRfm(t.db);
    const [mid1] = await t.db.query<{ rfm_count: number; rfm_volume: number; rfm_currency_code: string }>(
      sql`select rfm_count, rfm_volume::bigint as rfm_volume, rfm_currency_code from customer where id = ${customers.mid1}`,
    );
    expect(mid1).toEqual({ rfm_count: 4, rfm_volume: 20_000, rfm_currency_code: 'EUR' });
    // Read a few rows and written a few customers at a time (pages ending inside a customer's rows),
    // the scores are the same: nothing is left to write.
    await t.db.query(
      sql`update customer set segment = null, rfm_recency = null where merchant_id = ${world.shopA.merchantId}`,
    );
    const before = await t.db.query(
      sql`select count(*)::int as n from customer where merchant_id = ${world.shopA.merchantId}`,
    );
    expect((await computeRfm(t.db, { page: 3, batch: 2 })).scored).toBeGreaterThan(0);
    const paged = await t.db.query(
      sql`select id, segment, rfm_recency, rfm_frequency, rfm_monetary, rfm_count, rfm_volume::bigint as v from customer order by id`,
    );
    expect(await computeRfm(t.db)).toEqual({ scored: 0, idle: 0 });
    expect(
      await t.db.query(
        sql`select id, segment, rfm_recency, rfm_frequency, rfm_monetary, rfm_count, rfm_volume::bigint as v from customer order by id`,
      ),
    ).toEqual(paged);
    expect(before[0].n).toBeGreaterThan(0);
  });
});

// Runs on both engines: issue 38 asks for its proof on PGlite and PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, callAs, type Caller, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Test-mode statistics (issue 38 item 3): in test mode every statistics call answers the test rows,
 * read from the rows themselves (the rollups hold live rows only); in live mode a burst of test
 * payments changes no statistic.
 */
type Mode = 'live' | 'test';
let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;
const keys = {} as Record<Mode, Caller>;

const DAY = 86_400_000;
const now = Date.now();
// Odd instants, so that every source reads whole months, days and hours and the rows at both ends.
const lower = new Date(now - 47 * DAY - 3_723_000).toISOString();
const upper = new Date(now + 3_600_000).toISOString();
const inRange = `created_at%3E=${encodeURIComponent(lower)}&created_at%3C=${encodeURIComponent(upper)}`;

const STATUSES = ['SETTLEMENT_COMPLETED', 'SETTLEMENT_REQUESTED', 'DECLINED', 'AUTHORIZED', 'FAILED', 'REFUNDED'];
const COUNTRIES = ['NL', 'DE', 'BE', null];
const BRANDS = ['visa', 'mastercard', null];
const PLATFORMS = ['iOS', 'Android', null];

/** Rows of one mode spread over 50 days (and one in another currency), with what every statistic groups by. */
const insertRows = async (mode: Mode, n: number, seed: number) => {
  for (let i = 0; i < n; i++) {
    const created = new Date(now - ((i * 7919 + seed * 104_729) % (50 * 24)) * 3_600_000 - i * 61_000);
    const customer = `cus_${mode}_${i % 5}`;
    if (i < 5)
      await t.db
        .query(sql`insert into customer (id, organisation_id, merchant_id, last_name, email_address, status, mode, created_at)
        values (${customer}, ${world.shopA.id}, ${world.shopA.id}, ${customer}, ${`${customer}@example.test`}, 'ACTIVE', ${mode}, ${created})`);
    const id = newId('tx', created.getTime());
    await t.db
      .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, customer_id, merchant_reference,
        amount, currency_code, payment_product_type, status, country_code, card_brand, platform, browser, issuer, issuer_country, created_at, updated_at, mode)
      values (${id}, ${world.shopA.id}, ${world.shopA.id}, ${world.profileA}, ${world.processorId}, ${customer}, ${`${mode}-${i}`},
        ${1000 + seed * 100 + i * 37}, ${i % 13 === 12 ? 'USD' : 'EUR'}, ${i % 9 === 0 ? 'ideal' : 'card'}, ${STATUSES[i % STATUSES.length]},
        ${COUNTRIES[i % 4]}, ${BRANDS[i % 3]}, ${PLATFORMS[i % 3]}, ${i % 2 ? 'Safari' : null}, ${i % 3 ? 'ING' : null}, ${i % 3 ? 'NL' : null},
        ${created}, ${created}, ${mode})`);
    if (i % 4 === 0)
      await t.db
        .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at, mode)
        values (${newId('rf')}, ${world.shopA.id}, ${world.shopA.id}, ${id}, ${world.profileA}, ${100 + i}, 'EUR', 'PROCESSED', ${created}, ${mode})`);
  }
};

type Sum = { count: number; volume: number };
const sum = (rows: Sum[]): Sum => ({
  count: rows.reduce((s, r) => s + Number(r.count), 0),
  volume: rows.reduce((s, r) => s + Number(r.volume ?? 0), 0),
});
const countOnly = (rows: { count: number }[]) => rows.reduce((s, r) => s + Number(r.count), 0);

/** The raw count and sum over one mode's transactions of merchant A in the range (EUR unless said). */
const raw = async (mode: Mode, condition = sql`true`, currency: string | null = 'EUR') => {
  const [row] = await t.db.query<{ count: number; volume: number }>(sql`
    select count(*)::int as count, coalesce(sum(amount), 0)::int as volume from transaction
    where merchant_id = ${world.shopA.id} and mode = ${mode} and created_at >= ${lower} and created_at <= ${upper}
      and (${currency}::text is null or currency_code = ${currency}) and ${condition}`);
  return { count: Number(row.count), volume: Number(row.volume) };
};

/** Every statistics call a merchant's dashboards make, over the range, reduced to a count and a volume. */
const CALLS: [string, (body: never) => Sum | number][] = [
  [`transaction/aggregate/total?${inRange}`, (b: Sum) => ({ count: b.count, volume: Number(b.volume) })],
  [`transaction/aggregate/stats?${inRange}`, sum],
  [`transaction/aggregate/stats?${inRange}&period=month`, sum],
  [`transaction/aggregate/stats?${inRange}&period=week`, sum],
  [`transaction/aggregate?${inRange}&group_by=status`, sum],
  [`transaction/aggregate?${inRange}&group_by=payment_product_type`, sum],
  [`transaction/aggregate?${inRange}&group_by=processor`, sum],
  [`transaction/aggregate/lifecycle?${inRange}`, sum],
  [`transaction/aggregate/location?${inRange}`, sum],
  [`statistics/dayandtime?${inRange}`, sum],
  [
    `statistics/aggregate/day?${inRange}`,
    (rows: { count: number; amount: number }[]) => sum(rows.map((r) => ({ count: r.count, volume: r.amount }))),
  ],
  [`statistics/type?${inRange}`, sum],
  [`statistics/type?${inRange}&period=month`, sum],
  [`statistics/dayofweek?${inRange}`, sum],
  [`statistics/outcome?${inRange}`, sum],
  [`statistics/scheme?${inRange}`, sum],
  [`statistics/platform?${inRange}`, sum],
  [`statistics/browser?${inRange}`, sum],
  [`statistics/issuer?${inRange}`, sum],
  [`statistics/issuer/country?${inRange}`, sum],
  [`refund/aggregate/total?${inRange}`, (b: Sum) => ({ count: b.count, volume: Number(b.volume) })],
  [`refund/aggregate/stats?${inRange}`, sum],
  [`refund/aggregate?${inRange}&group_by=status`, sum],
  [`customer/aggregate/total?${inRange}`, (b: Sum) => b.count],
  [`customer/aggregate/stats?${inRange}`, countOnly],
  [`customer/aggregate/best?${inRange}`, (rows: Sum[]) => sum(rows)],
  [`customer/aggregate/segment`, countOnly],
  [`transaction/aggregate/previous?${inRange}`, (b: Sum) => ({ count: b.count, volume: Number(b.volume) })],
  ['statistics/today', (b: { amount: number; transactions: number }) => ({ count: b.transactions, volume: b.amount })],
  [
    'statistics/amazingthings',
    (rows: { type: string; last: number; previous: number }[]) =>
      rows.map((r) => `${r.type}:${r.last}:${r.previous}`).join(',') as unknown as number,
  ],
  ['statistics/recent?_limit=50', (rows: { id: string }[]) => rows.length],
  [
    'statistics/processor/revenue',
    (rows: { last24hours: Sum; previous24hours: Sum }[]) =>
      sum(rows.flatMap((r) => [r.last24hours, r.previous24hours])),
  ],
];

const answers = async (who: Caller) => {
  const out: Record<string, unknown> = {};
  for (const [path, pick] of CALLS) {
    const response = await callAs(t.app, who, 'GET', `/v1/${path}`);
    expect(response.status, path).toBe(200);
    out[path] = (pick as (body: unknown) => unknown)(response.body);
  }
  const compare = await callAs(t.app, who, 'GET', `/v1/statistics/processor/compare?ids=${world.processorId}`);
  expect(compare.status).toBe(200);
  out.compare = compare.body[0].transaction;
  return out;
};

let liveBefore: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  ({ provider, a } = await signInTestUsers(t.app, TEST_PASSWORD));
  for (const mode of ['live', 'test'] as const) {
    const key = await callAs(t.app, a, 'POST', '/v1/apikey', { name: mode, roles: ['USER_ALL'], mode });
    keys[mode] = bearer(key.body.key);
  }
  await insertRows('live', 90, 1);
  liveBefore = await answers(keys.live);
  await insertRows('test', 40, 2);
  // And a burst of test payments through the API, as an integration makes them.
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      callAs(t.app, keys.test, 'POST', '/v1/transaction', {
        payment_profile: world.profileA,
        amount: 3000 + i,
        payment_product_type: 'card',
        merchant_reference: `burst-${i}`,
      }),
    ),
  );
}, 120_000);
afterAll(() => t.close());

describe('statistics in test mode (issue 38)', () => {
  it('live statistics are unchanged by test rows and a burst of test payments', async () => {
    expect(await answers(keys.live)).toEqual(liveBefore);
  });

  it('each transaction statistic of test mode equals a raw count and sum over the test rows', async () => {
    const got = await answers(keys.test);
    const all = await raw('test');
    expect(all.count).toBeGreaterThan(30);
    // The sums over the whole range, whatever the call groups by.
    for (const path of [
      `transaction/aggregate/total?${inRange}`,
      `transaction/aggregate/stats?${inRange}`,
      `transaction/aggregate/stats?${inRange}&period=month`,
      `transaction/aggregate/stats?${inRange}&period=week`,
      `transaction/aggregate?${inRange}&group_by=status`,
      `transaction/aggregate?${inRange}&group_by=payment_product_type`,
      `statistics/dayandtime?${inRange}`,
      `statistics/aggregate/day?${inRange}`,
      `statistics/type?${inRange}`,
      `statistics/type?${inRange}&period=month`,
      `statistics/dayofweek?${inRange}`,
      `statistics/outcome?${inRange}`,
      `statistics/scheme?${inRange}`,
      `statistics/platform?${inRange}`,
      `statistics/browser?${inRange}`,
    ])
      expect(got[path], path).toEqual(all);
    expect(got[`transaction/aggregate?${inRange}&group_by=processor`]).toEqual(
      await raw('test', sql`processor_id is not null`),
    );
    expect(got[`transaction/aggregate/location?${inRange}`]).toEqual(await raw('test', sql`country_code is not null`));
    expect(got[`statistics/issuer?${inRange}`]).toEqual(await raw('test', sql`payment_product_type = 'card'`));
    const lifecycle = await callAs(t.app, keys.test, 'GET', `/v1/transaction/aggregate/lifecycle?${inRange}`);
    for (const entry of lifecycle.body as { name: string; count: number; volume: number }[])
      expect({ count: entry.count, volume: entry.volume }, entry.name).toEqual(
        await raw('test', sql`status = ${entry.name}`),
      );
    const byStatus = await callAs(t.app, keys.test, 'GET', `/v1/transaction/aggregate?${inRange}&group_by=status`);
    for (const row of byStatus.body as { key: string; count: number; volume: number }[])
      expect({ count: row.count, volume: row.volume }, row.key).toEqual(await raw('test', sql`status = ${row.key}`));
  });

  it('refunds, customers, best customers and segments of test mode are the test rows', async () => {
    const got = await answers(keys.test);
    const [refunds] = await t.db.query<Sum>(sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as volume
      from refund where mode = 'test' and created_at >= ${lower} and created_at <= ${upper}`);
    expect(refunds.count).toBeGreaterThan(0);
    for (const path of [
      `refund/aggregate/total?${inRange}`,
      `refund/aggregate/stats?${inRange}`,
      `refund/aggregate?${inRange}&group_by=status`,
    ])
      expect(got[path], path).toEqual({ count: Number(refunds.count), volume: Number(refunds.volume) });
    const [customers] = await t.db.query<{ count: number; all: number }>(sql`select
      count(*) filter (where created_at >= ${lower} and created_at <= ${upper})::int as count, count(*)::int as all
      from customer where mode = 'test' and merchant_id = ${world.shopA.id}`);
    expect(got[`customer/aggregate/total?${inRange}`]).toBe(customers.count);
    expect(got[`customer/aggregate/stats?${inRange}`]).toBe(customers.count);
    expect(got['customer/aggregate/segment']).toBe(customers.all);
    // RFM segments are a person's call: the same customers once the person switches to test mode.
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'test' });
    const rfm = await callAs(t.app, a, 'GET', '/v1/customer/aggregate/rfm');
    await callAs(t.app, a, 'POST', '/v1/auth/mode', { mode: 'live' });
    expect(countOnly(rfm.body)).toBe(customers.all);
    const best = await callAs(t.app, keys.test, 'GET', `/v1/customer/aggregate/best?${inRange}`);
    const expected = await t.db.query<{ id: string; count: number; volume: number }>(sql`
      select customer_id as id, count(*)::int as count, sum(amount)::int as volume from transaction
      where mode = 'test' and customer_id is not null and currency_code = 'EUR' and created_at >= ${lower} and created_at <= ${upper}
        and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
      group by 1 order by 3 desc, 2 desc, 1`);
    expect(
      best.body.map((r: { customer: { id: string }; count: number; volume: number }) => [
        r.customer.id,
        r.count,
        r.volume,
      ]),
    ).toEqual(expected.map((r) => [r.id, r.count, r.volume]));
  });

  it('the dashboard cards, recent activity and processor statistics of test mode read test payments', async () => {
    const revenue = sql`status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')`;
    const [day] = await t.db
      .query<Sum>(sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as volume from transaction
      where mode = 'test' and currency_code = 'EUR' and ${revenue} and created_at > now() - interval '1 day'`);
    const revenueNow = await callAs(t.app, keys.test, 'GET', '/v1/statistics/processor/revenue');
    expect(revenueNow.body[0].last24hours).toEqual({ amount: Number(day.volume), count: Number(day.count) });
    expect(Number(day.count)).toBeGreaterThan(0);
    const recent = await callAs(t.app, keys.test, 'GET', '/v1/statistics/recent?_limit=50');
    const ids = recent.body.map((r: { id: string }) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    const modes = await t.db.query<{
      mode: string;
    }>(sql`select distinct mode from (select id, mode from transaction union all select id, mode from refund) x
      where id = any(${ids})`);
    expect(modes.map((m) => m.mode)).toEqual(['test']);
    const compare = await callAs(t.app, keys.test, 'GET', `/v1/statistics/processor/compare?ids=${world.processorId}`);
    const [last28] = await t.db.query<{ count: number }>(sql`select count(*)::int as count from transaction
      where mode = 'test' and processor_id = ${world.processorId} and created_at >= now() - interval '28 days'`);
    expect(compare.body[0].transaction.count).toBe(Number(last28.count));
    const achievements = await callAs(t.app, keys.test, 'GET', '/v1/statistics/amazingthings');
    const [week] = await t.db.query<{ count: number }>(sql`select count(*)::int as count from transaction
      where mode = 'test' and created_at > now() - interval '7 days'`);
    expect(achievements.body.find((r: { type: string }) => r.type === 'transaction').last).toBe(Number(week.count));
  });

  it('provider staff in test mode see merchants’ test revenue', async () => {
    expect((await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'test' })).status).toBe(200);
    const top = await callAs(t.app, provider, 'GET', '/v1/statistics/merchant/revenue');
    const [day] = await t.db
      .query<Sum>(sql`select count(*)::int as count, coalesce(sum(amount), 0)::int as volume from transaction
      where mode = 'test' and merchant_id = ${world.shopA.id} and currency_code = 'EUR'
        and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and created_at > now() - interval '1 day'`);
    expect(top.body).toEqual([
      { id: world.shopA.id, name: 'Shop A', last24hours: { amount: Number(day.volume), count: Number(day.count) } },
    ]);
    await callAs(t.app, provider, 'POST', '/v1/auth/mode', { mode: 'live' });
  });
});

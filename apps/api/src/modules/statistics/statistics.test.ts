import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PRODUCTS, statusVocabularies } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { sql, type Sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer, type Call } from '../payments/payments-test-helpers.ts';
import type { Scope } from '../../query/scope.ts';
import { bestCustomerIds } from './best-customers.repository.ts';
import { seeded } from '../../test/seeded.ts';

let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let admin: { cookie: string };
let a: { cookie: string };
let aSub: { cookie: string };
let b: { cookie: string };
let noRole: { cookie: string };
let otherProcessor: string;
const DAY = 86_400_000;
const NOW = Date.now();
const { random, pick } = seeded(7);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [admin, a, aSub, b, noRole] = await Promise.all(
    ['admin', 'a', 'a-sub', 'b', 'a-norole'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)),
  );
  [{ id: otherProcessor }] = await t.db.query<{
    id: string;
  }>(sql`insert into processor (id, organisation_id, name, provider, payment_product)
    values (${newId('prc')}, ${world.provider.id}, 'Sandbox iDEAL', 'sandbox', 'ideal') returning id`);
  // Processor statistics are about the processors a merchant's profiles use: these use both.
  await t.db.query(sql`update payment_profile set processors = ${[world.processorId, otherProcessor]}`);
  const places = [
    [world.shopA, world.profileA],
    [world.shopASub, world.profileASub],
    [world.shopB, world.profileB],
  ] as const;
  const customers = await Promise.all(places.flatMap(([org]) => [1, 2, 3, 4].map(() => insertTestCustomer(t.db, org))));
  for (let i = 0; i < 400; i++) {
    const index = Math.floor(random() * places.length);
    const [org, profile] = places[index];
    await insertTestTransaction(t.db, org, profile, {
      amount: 100 + Math.floor(random() * 100_000),
      status: pick(statusVocabularies.transaction.values),
      product: pick(PAYMENT_PRODUCTS),
      // Over 70 days, so both sides of the October daylight-saving change are in range.
      createdAt: new Date(NOW - Math.floor(random() * 70 * DAY)),
      blocked: random() < 0.05,
      customerId: random() < 0.7 ? customers[index * 4 + Math.floor(random() * 4)] : undefined,
    });
  }
  // A quarter of the rows are in pounds: money statistics must never add them to euros.
  await t.db.query(sql`update transaction set currency_code = 'GBP' where amount % 4 = 0`);
  await t.db
    .query(sql`update transaction set processor_id = case when amount % 3 = 0 then ${otherProcessor} when amount % 3 = 1 then ${world.processorId} end,
    country_code = (array['NL','BE','DE','FR','GB'])[1 + amount % 5]`);
  await t.db.query(
    sql`update transaction set card_brand = case when amount % 7 < 3 then 'VISA' when amount % 7 < 5 then 'MASTERCARD' end`,
  );
  // Changes after insert move rows between rollup rows.
  await t.db.query(
    sql`update transaction set status = 'DECLINED' where id in (select id from transaction order by id limit 25)`,
  );
  await t.db.query(
    sql`update transaction set created_at = created_at - interval '90 minutes' where id in (select id from transaction order by amount limit 30)`,
  );
  await t.db.query(sql`delete from transaction where id in (select id from transaction order by amount desc limit 5)`);
  await t.db
    .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
    select 'rf_' || id, organisation_id, merchant_id, id, payment_profile_id, amount / 2 + 1, currency_code, 'PROCESSED', created_at + interval '3 hours'
    from transaction where status = 'SETTLEMENT_COMPLETED'`);
  await t.db.query(sql`update customer set segment = (array['champions','loyal','at_risk'])[1 + length(id) % 3]`);
});
afterAll(() => t.close());

type Who = { user: { cookie: string }; scope: Sql };
const users = (): Who[] => [
  { user: admin, scope: sql`true` },
  { user: a, scope: sql`e.merchant_id = ${world.shopA.merchantId}` },
  { user: aSub, scope: sql`e.organisation_id = ${world.shopASub.id}` },
  { user: b, scope: sql`e.merchant_id = ${world.shopB.merchantId}` },
];

type Params = Record<string, string | string[]>;
const randomParams = (): Params => {
  const params: Params = {};
  const upper = NOW - Math.floor(random() * 10 * DAY);
  params['created_at<'] = new Date(upper).toISOString();
  // Random instants, and now and then local midnights or whole UTC hours.
  const lower = upper - Math.floor(random() * 60 * DAY);
  params['created_at>'] = new Date(random() < 0.3 ? Math.floor(lower / 3_600_000) * 3_600_000 : lower).toISOString();
  params.period = pick(['day', 'week', 'month']);
  if (random() < 0.3)
    params['status[]'] = [pick(statusVocabularies.transaction.values), pick(statusVocabularies.transaction.values)];
  if (random() < 0.2) params.payment_product_type = pick(PAYMENT_PRODUCTS);
  if (random() < 0.2) params.processor = pick([world.processorId, otherProcessor]);
  if (random() < 0.1) params.blocked = pick(['true', 'false']);
  if (random() < 0.2) params.organisation = pick([world.shopA.id, world.shopASub.id, world.shopB.id]);
  if (random() < 0.3) params.currency_code = pick(['EUR', 'GBP']);
  return params;
};

const url = (path: string, params: Params) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) search.append(key, v);
  return `/v1/${path}?${search}`;
};

/** The same filters written directly over the raw rows, independently of the code under test. */
const direct = (who: Who, params: Params, table = 'transaction'): Sql => {
  const conditions = [
    who.scope,
    sql`e.created_at >= ${params['created_at>']}::timestamptz`,
    sql`e.created_at <= ${params['created_at<']}::timestamptz`,
  ];
  const statuses = [params['status[]'] ?? []].flat();
  if (table !== 'customer' && statuses.length) conditions.push(sql`e.status = any(${statuses})`);
  if (table === 'transaction') {
    if (params.payment_product_type) conditions.push(sql`e.payment_product_type = ${params.payment_product_type}`);
    if (params.processor) conditions.push(sql`e.processor_id = ${params.processor}`);
    if (params.blocked) conditions.push(sql`e.blocked = ${params.blocked === 'true'}`);
  }
  // Money is answered in one currency, EUR unless asked (customers have none).
  if (table !== 'customer')
    conditions.push(sql`e.currency_code = ${(params.currency_code as string | undefined) ?? 'EUR'}`);
  if (params.organisation)
    conditions.push(
      sql`e.organisation_id in (select id from organisation where path like (select path from organisation where id = ${params.organisation}) || '%')`,
    );
  return sql.join(conditions, ' and ');
};

const ok = (response: Call) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const nonZero = <T extends { count: number }>(rows: T[]) => rows.filter((row) => row.count !== 0);

describe('statistics calls equal a direct computation over the rows', () => {
  it('for random ranges, periods, filters and users', async () => {
    for (let i = 0; i < 40; i++) {
      const params = randomParams();
      const who = pick(users());
      const period = params.period as string;
      const label = JSON.stringify({ i, params });
      for (const table of ['transaction', 'refund', 'customer'] as const) {
        const p =
          table === 'customer'
            ? { ...params, 'status[]': [], payment_product_type: [], processor: [], blocked: [] }
            : table === 'refund'
              ? { ...params, 'status[]': [], payment_product_type: [], processor: [], blocked: [] }
              : params;
        const volume = table === 'customer' ? sql`0` : sql`e.amount`;
        const expected = await t.db
          .query(sql`select to_char(date_trunc(${period}, e.created_at at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD') as period,
          count(*)::int as count, sum(${volume})::bigint as volume from ${sql.raw(table)} e where ${direct(who, p, table)} group by 1 order by 1`);
        const stats = ok(await call(who.user, 'GET', url(`${table}/aggregate/stats`, p)));
        expect(nonZero(stats), `${table} ${label}`).toEqual(expected);
        const total = ok(await call(who.user, 'GET', url(`${table}/aggregate/total`, p)));
        expect({ count: total.count, volume: total.volume, periods: total.periods }, `${table} ${label}`).toEqual({
          count: expected.reduce((s, r) => s + Number(r.count), 0),
          volume: expected.reduce((s, r) => s + Number(r.volume), 0),
          periods: stats.length,
        });
      }

      const byStatus = await t.db.query<{
        key: string;
        count: number;
        volume: number;
      }>(sql`select e.status as key, count(*)::int as count, sum(e.amount)::bigint as volume
        from transaction e where ${direct(who, params)} group by 1 order by 3 desc, 1`);
      expect(
        ok(await call(who.user, 'GET', url('transaction/aggregate', { ...params, group_by: 'status' }))),
        label,
      ).toEqual(byStatus);
      const lifecycle = ok(await call(who.user, 'GET', url('transaction/aggregate/lifecycle', params)));
      for (const node of lifecycle) {
        const row = byStatus.find((r) => r.key === node.name);
        expect({ name: node.name, count: node.count, volume: node.volume }, label).toEqual({
          name: node.name,
          count: row?.count ?? 0,
          volume: row?.volume ?? 0,
        });
      }
      const cells = await t.db
        .query(sql`select extract(isodow from e.created_at at time zone 'Europe/Amsterdam')::int as date, extract(hour from e.created_at at time zone 'Europe/Amsterdam')::int as hour,
        count(*)::int as count, sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1, 2 order by 1, 2`);
      expect(ok(await call(who.user, 'GET', url('statistics/dayandtime', params))), label).toEqual(cells);
      const countries = await t.db.query<{
        alpha2: string;
        count: number;
        volume: number;
      }>(sql`select e.country_code as alpha2, count(*)::int as count, sum(e.amount)::bigint as volume
        from transaction e where ${direct(who, params)} group by 1 order by 3 desc`);
      expect(
        ok(await call(who.user, 'GET', url('transaction/aggregate/location', params))).map(
          (r: { location: { alpha2: string }; count: number; volume: number }) => ({
            alpha2: r.location.alpha2,
            count: r.count,
            volume: r.volume,
          }),
        ),
        label,
      ).toEqual(countries);
      const daily = await t.db
        .query(sql`select to_char(e.created_at at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as date, sum(e.amount)::bigint as amount, count(*)::int as count
        from transaction e where ${direct(who, params)} group by 1 order by 1`);
      expect(
        nonZero(ok(await call(who.user, 'GET', url('statistics/aggregate/day', { ...params, period: [] })))),
        label,
      ).toEqual(daily);
    }
    // 40 rounds of every call: give a busy machine time.
  }, 180_000);

  it('best customers, segments, processor revenue and compare, top merchants', async () => {
    const range = { 'created_at>': new Date(NOW - 30 * DAY).toISOString(), 'created_at<': new Date(NOW).toISOString() };
    const best = ok(await call(a, 'GET', url('customer/aggregate/best', range)));
    const expected = await t.db
      .query(sql`select e.customer_id as id, count(*)::int as count, sum(e.amount)::bigint as volume from transaction e
      where e.merchant_id = ${world.shopA.merchantId} and e.currency_code = 'EUR' and e.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and e.customer_id is not null and e.created_at >= ${range['created_at>']}::timestamptz and e.created_at <= ${range['created_at<']}::timestamptz
      group by 1 order by 3 desc, 2 desc, 1 limit 10`);
    expect(
      best.map((r: { customer: { id: string }; count: number; volume: number }) => ({
        id: r.customer.id,
        count: r.count,
        volume: r.volume,
      })),
    ).toEqual(expected);

    const segments = ok(await call(a, 'GET', '/v1/customer/aggregate/segment'));
    const segmentRows = await t.db.query<{ segment: string; count: number }>(
      sql`select segment, count(*)::int as count from customer where merchant_id = ${world.shopA.merchantId} group by 1 order by 2 desc, 1`,
    );
    expect(segments.map((s: { segment: string; count: number }) => ({ segment: s.segment, count: s.count }))).toEqual(
      segmentRows,
    );
    expect(segments.reduce((sum: number, s: { percentage: number }) => sum + s.percentage, 0)).toBeCloseTo(100, 0);

    const revenue = ok(
      await call(a, 'GET', `/v1/statistics/processor/revenue?ids=${world.processorId},${otherProcessor}`),
    );
    for (const p of revenue) {
      const [last] = await t.db.query<{
        amount: number;
        count: number;
      }>(sql`select coalesce(sum(amount), 0)::bigint as amount, count(*)::int as count from transaction
        where merchant_id = ${world.shopA.merchantId} and processor_id = ${p.id} and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')
        and currency_code = 'EUR' and created_at > now() - interval '24 hours'`);
      expect(p.last24hours).toEqual(last);
    }
    const compare = ok(
      await call(a, 'GET', `/v1/statistics/processor/compare?ids=${world.processorId},${otherProcessor}`),
    );
    expect(compare).toHaveLength(2);
    for (const p of compare) {
      const [{ count }] = await t.db.query<{ count: number }>(sql`select count(*)::int as count from transaction
        where merchant_id = ${world.shopA.merchantId} and processor_id = ${p.id} and created_at > now() - interval '28 days'`);
      expect(p.transaction.count).toBe(count);
    }
    const top = ok(await call(admin, 'GET', '/v1/statistics/merchant/revenue?_limit=5'));
    const topRows = await t.db.query(sql`select merchant_id as id, sum(amount)::bigint as amount from transaction
      where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and currency_code = 'EUR' and created_at > now() - interval '24 hours' group by 1 order by 2 desc, 1 limit 5`);
    expect(
      top.map((r: { id: string; last24hours: { amount: number } }) => ({ id: r.id, amount: r.last24hours.amount })),
    ).toEqual(topRows);
  });

  it('dashboard cards: achievements, today and recent activity stay inside the merchant', async () => {
    const achievements = ok(await call(b, 'GET', '/v1/statistics/amazingthings'));
    const [{ count }] = await t.db.query<{ count: number }>(
      sql`select count(*)::int as count from transaction where merchant_id = ${world.shopB.merchantId} and created_at > now() - interval '7 days'`,
    );
    expect(achievements.find((x: { type: string }) => x.type === 'transaction').last).toBe(count);
    const recent = ok(await call(b, 'GET', '/v1/statistics/recent'));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((r: { organisation: { id: string } }) => r.organisation.id === world.shopB.id)).toBe(true);
    const today = ok(await call(b, 'GET', '/v1/statistics/today'));
    expect(today.amount).toBeGreaterThanOrEqual(0);
  });
});

describe("§7's unnamed calls equal a direct computation over the rows", () => {
  it('statistics by type and period, previous-period aggregate, day of week, outcomes, payment schemes', async () => {
    for (let i = 0; i < 15; i++) {
      const params = randomParams();
      const who = pick(users());
      const label = JSON.stringify({ i, params });
      const types = await t.db
        .query(sql`select to_char(date_trunc(${params.period as string}, e.created_at at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD') as period,
        e.payment_product_type as type, count(*)::int as count, sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1, 2 order by 1, 2`);
      expect(ok(await call(who.user, 'GET', url('statistics/type', params))), label).toEqual(types);

      const lower = Date.parse(params['created_at>'] as string);
      const upper = Date.parse(params['created_at<'] as string);
      const before = {
        ...params,
        'created_at>': new Date(lower - (upper - lower + 1)).toISOString(),
        'created_at<': new Date(lower - 1).toISOString(),
      };
      for (const table of ['transaction', 'refund', 'customer'] as const) {
        const p =
          table === 'transaction'
            ? before
            : { ...before, 'status[]': [], payment_product_type: [], processor: [], blocked: [] };
        const volume = table === 'customer' ? sql`0` : sql`e.amount`;
        const [expected] = await t.db.query<{
          count: number;
          volume: number;
        }>(sql`select count(*)::int as count, coalesce(sum(${volume}), 0)::bigint as volume
          from ${sql.raw(table)} e where ${direct(who, p, table)}`);
        const previous = ok(
          await call(
            who.user,
            'GET',
            url(
              `${table}/aggregate/previous`,
              table === 'transaction'
                ? params
                : { ...p, 'created_at>': params['created_at>'], 'created_at<': params['created_at<'] },
            ),
          ),
        );
        expect(
          {
            count: previous.count,
            volume: previous.volume,
            from: previous['created_at>'],
            to: previous['created_at<'],
          },
          `${table} ${label}`,
        ).toEqual({ ...expected, from: before['created_at>'], to: before['created_at<'] });
      }

      const refundStatuses = await t.db
        .query(sql`select e.status as key, count(*)::int as count, sum(e.amount)::bigint as volume
        from refund e where ${direct(who, { ...params, 'status[]': [] }, 'refund')} group by 1 order by 3 desc, 1`);
      expect(
        ok(
          await call(
            who.user,
            'GET',
            url('refund/aggregate', {
              ...params,
              'status[]': [],
              payment_product_type: [],
              processor: [],
              blocked: [],
              group_by: 'status',
            }),
          ),
        ),
        label,
      ).toEqual(refundStatuses);
      const customerStatuses = await t.db.query(sql`select e.status as key, count(*)::int as count, 0::bigint as volume
        from customer e where ${direct(who, { ...params, 'status[]': [] }, 'customer')} group by 1 order by 3 desc, 1`);
      expect(
        ok(
          await call(
            who.user,
            'GET',
            url('customer/aggregate', {
              ...params,
              'status[]': [],
              payment_product_type: [],
              processor: [],
              blocked: [],
              currency_code: [],
              group_by: 'status',
            }),
          ),
        ),
        label,
      ).toEqual(customerStatuses);

      const weekdays = await t.db.query<{
        date: number;
        count: number;
        volume: number;
      }>(sql`select extract(isodow from e.created_at at time zone 'Europe/Amsterdam')::int as date,
        count(*)::int as count, sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1 order by 1`);
      expect(nonZero(ok(await call(who.user, 'GET', url('statistics/dayofweek', params)))), label).toEqual(weekdays);

      const byStatus = await t.db.query<{
        status: string;
        count: number;
        volume: number;
      }>(sql`select e.status, count(*)::int as count, sum(e.amount)::bigint as volume
        from transaction e where ${direct(who, params)} group by 1`);
      const outcomes = ok(await call(who.user, 'GET', url('statistics/outcome', params)));
      expect(
        outcomes.reduce((sum: number, o: { count: number }) => sum + o.count, 0),
        label,
      ).toBe(byStatus.reduce((sum, r) => sum + r.count, 0));
      const declined = byStatus.filter((r) =>
        ['DECLINED', 'PROCESSOR_DECLINED', 'GATEWAY_REJECTED'].includes(r.status),
      );
      expect(
        outcomes.find((o: { outcome: string }) => o.outcome === 'declined'),
        label,
      ).toMatchObject({
        count: declined.reduce((sum, r) => sum + r.count, 0),
        volume: declined.reduce((sum, r) => sum + Number(r.volume), 0),
      });

      const schemes = await t.db
        .query(sql`select coalesce(e.card_brand, 'other') as scheme, count(*)::int as count, sum(e.amount)::bigint as volume
        from transaction e where ${direct(who, params)} group by 1 order by 3 desc, 1`);
      expect(ok(await call(who.user, 'GET', url('statistics/scheme', params))), label).toEqual(schemes);
    }
  }, 120_000);

  it('best customers by count, the merchant revenue list with _sort and active', async () => {
    const range = { 'created_at>': new Date(NOW - 60 * DAY).toISOString(), 'created_at<': new Date(NOW).toISOString() };
    const byCount = ok(
      await call(a, 'GET', url('customer/aggregate/best', { ...range, _sort: '-count', _limit: '5' })),
    );
    const expected = await t.db
      .query(sql`select e.customer_id as id, count(*)::int as count, sum(e.amount)::bigint as volume from transaction e
      where e.merchant_id = ${world.shopA.merchantId} and e.currency_code = 'EUR' and e.status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and e.customer_id is not null and e.created_at >= ${range['created_at>']}::timestamptz and e.created_at <= ${range['created_at<']}::timestamptz
      group by 1 order by 2 desc, 3 desc, 1 limit 5`);
    expect(
      byCount.map((r: { customer: { id: string }; count: number; volume: number }) => ({
        id: r.customer.id,
        count: r.count,
        volume: r.volume,
      })),
    ).toEqual(expected);
    const top = ok(await call(admin, 'GET', '/v1/statistics/merchant/revenue?_limit=5&_sort=-amount&active=true'));
    expect(top).toEqual(ok(await call(admin, 'GET', '/v1/statistics/merchant/revenue?_limit=5')));
    expect(ok(await call(admin, 'GET', '/v1/statistics/merchant/revenue?active=false'))).toEqual([]);
    expect((await call(admin, 'GET', '/v1/statistics/merchant/revenue?_sort=name')).status).toBe(400);
  });
});

describe('best customers as a threshold algorithm', () => {
  it('read two candidates first (then twice as many each time), equals the grouped read for random ranges, filters and limits', async () => {
    const scopes: Scope[] = [
      { kind: 'all' },
      { kind: 'merchant', merchantId: world.shopA.merchantId ?? '', orgPath: '' },
      { kind: 'merchant', merchantId: world.shopB.merchantId ?? '', orgPath: '' },
    ];
    for (let i = 0; i < 25; i++) {
      const params = randomParams();
      const index = Math.floor(random() * scopes.length);
      const scope = scopes[index];
      const by = pick(['count', 'volume'] as const);
      const limit = 1 + Math.floor(random() * 4);
      const who = { user: a, scope: scope.kind === 'merchant' ? sql`e.merchant_id = ${scope.merchantId}` : sql`true` };
      const expected = await t.db
        .query(sql`select e.customer_id, count(*)::int as count, sum(e.amount)::bigint as volume from transaction e
        where ${direct(who, params)} and e.customer_id is not null group by 1 order by ${by === 'count' ? sql`2 desc, 3 desc` : sql`3 desc, 2 desc`}, 1 limit ${limit}`);
      const range = {
        lower: Date.parse(params['created_at>'] as string),
        upper: Date.parse(params['created_at<'] as string),
      };
      const query = { ...params, period: undefined } as unknown as Parameters<typeof bestCustomerIds>[2];
      expect(
        await bestCustomerIds(t.db, scope, query, range, limit, by, 2),
        JSON.stringify({ i, params, by, limit }),
      ).toEqual(expected);
    }
  });
});

describe("statistics days follow the user's time zone", () => {
  it('in a whole-hour zone, a half-hour zone and back in Europe/Amsterdam', async () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/Amsterdam']) {
      expect(ok(await call(a, 'POST', '/v1/profile', { time_zone: zone })).time_zone).toBe(zone);
      const who = { user: a, scope: sql`e.merchant_id = ${world.shopA.merchantId}` };
      for (let i = 0; i < 4; i++) {
        const params = randomParams();
        const label = JSON.stringify({ zone, i, params });
        const period = params.period as string;
        const expected = await t.db
          .query(sql`select to_char(date_trunc(${period}, e.created_at at time zone ${zone}), 'YYYY-MM-DD') as period,
          count(*)::int as count, sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1 order by 1`);
        expect(nonZero(ok(await call(a, 'GET', url('transaction/aggregate/stats', params)))), label).toEqual(expected);
        const daily = await t.db
          .query(sql`select to_char(e.created_at at time zone ${zone}, 'YYYY-MM-DD') as date, sum(e.amount)::bigint as amount, count(*)::int as count
          from transaction e where ${direct(who, params)} group by 1 order by 1`);
        expect(
          nonZero(ok(await call(a, 'GET', url('statistics/aggregate/day', { ...params, period: [] })))),
          label,
        ).toEqual(daily);
        const cells = await t.db
          .query(sql`select extract(isodow from e.created_at at time zone ${zone})::int as date, extract(hour from e.created_at at time zone ${zone})::int as hour,
          count(*)::int as count, sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1, 2 order by 1, 2`);
        expect(ok(await call(a, 'GET', url('statistics/dayandtime', params))), label).toEqual(cells);
      }
      // Today is the user's local day so far.
      const [{ start }] = await t.db.query<{ start: Date }>(
        sql`select date_trunc('day', now() at time zone ${zone}) at time zone ${zone} as start`,
      );
      const [todays] = await t.db.query<{
        amount: number;
      }>(sql`select coalesce(sum(amount), 0)::bigint as amount from transaction where merchant_id = ${world.shopA.merchantId}
        and currency_code = 'EUR' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and created_at >= ${start}`);
      expect(ok(await call(a, 'GET', '/v1/statistics/today')).amount, zone).toBe(todays.amount);
    }
  }, 120_000);
});

describe('sums per local month from whole UTC months (local-months.repository.ts)', () => {
  it('equal the rows in whole-hour, half-hour and daylight-saving zones, for ranges ending anywhere', async () => {
    const utcMonth = (ms: number) => {
      const d = new Date(ms);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    };
    for (const zone of ['Australia/Lord_Howe', 'Asia/Kolkata', 'America/New_York', 'Europe/Amsterdam']) {
      expect(ok(await call(a, 'POST', '/v1/profile', { time_zone: zone })).time_zone).toBe(zone);
      const who = { user: a, scope: sql`e.merchant_id = ${world.shopA.merchantId}` };
      // Random ranges, one starting on a UTC month, one ending just before one, one of a few days.
      const ranges = [
        [NOW - 65 * DAY + random() * 10 * DAY, NOW - random() * 20 * DAY],
        [utcMonth(NOW - 40 * DAY), NOW],
        [NOW - 70 * DAY, utcMonth(NOW) - 1],
        [NOW - 30 * DAY, NOW - 27 * DAY + random() * DAY],
        [NOW - 50 * DAY + random() * 20 * DAY, NOW - random() * 5 * DAY],
      ];
      for (const [lower, upper] of ranges) {
        const params: Params = {
          'created_at>': new Date(Math.floor(lower)).toISOString(),
          'created_at<': new Date(Math.floor(upper)).toISOString(),
          period: 'month',
          ...(random() < 0.5 ? { 'status[]': ['AUTHORIZED', 'SETTLEMENT_COMPLETED'] } : {}),
        };
        const label = JSON.stringify({ zone, params });
        const month = sql`to_char(date_trunc('month', e.created_at at time zone ${zone}), 'YYYY-MM-DD')`;
        const expected = await t.db
          .query(sql`select ${month} as period, count(*)::int as count, sum(e.amount)::bigint as volume
          from transaction e where ${direct(who, params)} group by 1 order by 1`);
        expect(nonZero(ok(await call(a, 'GET', url('transaction/aggregate/stats', params)))), label).toEqual(expected);
        const types = await t.db
          .query(sql`select ${month} as period, e.payment_product_type as type, count(*)::int as count,
          sum(e.amount)::bigint as volume from transaction e where ${direct(who, params)} group by 1, 2 order by 1, 2`);
        expect(ok(await call(a, 'GET', url('statistics/type', params))), label).toEqual(types);
      }
    }
  }, 120_000);
});

describe('money statistics are per currency', () => {
  const range = { 'created_at>': new Date(NOW - 80 * DAY).toISOString(), 'created_at<': new Date(NOW).toISOString() };
  const sums = async (currency: string | null) =>
    (
      await t.db.query<{
        count: number;
        volume: number;
      }>(sql`select count(*)::int as count, coalesce(sum(amount), 0)::bigint as volume
    from transaction where merchant_id = ${world.shopA.merchantId} and created_at >= ${range['created_at>']}::timestamptz and created_at <= ${range['created_at<']}::timestamptz
    ${currency ? sql`and currency_code = ${currency}` : sql.empty}`)
    )[0];

  it('never adds GBP amounts into the EUR total, and answers GBP when asked', async () => {
    const [eur, gbp, both] = await Promise.all([sums('EUR'), sums('GBP'), sums(null)]);
    expect(gbp.count).toBeGreaterThan(0);
    const total = ok(await call(a, 'GET', url('transaction/aggregate/total', range)));
    expect(total).toMatchObject({ count: eur.count, volume: eur.volume, currency_code: 'EUR' });
    expect(total.volume).not.toBe(both.volume);
    expect(
      ok(await call(a, 'GET', url('transaction/aggregate/total', { ...range, currency_code: 'GBP' }))),
    ).toMatchObject({ count: gbp.count, volume: gbp.volume, currency_code: 'GBP' });
    const byCurrency = ok(await call(a, 'GET', url('transaction/aggregate', { ...range, group_by: 'currency_code' })));
    expect(byCurrency.map((r: { key: string; volume: number }) => [r.key, r.volume]).sort()).toEqual([
      ['EUR', eur.volume],
      ['GBP', gbp.volume],
    ]);
    const compare = ok(
      await call(a, 'GET', `/v1/statistics/processor/compare?ids=${world.processorId}&currency_code=GBP`),
    );
    const [gbpRevenue] = await t.db.query<{
      amount: number;
    }>(sql`select coalesce(sum(amount), 0)::bigint as amount from transaction where merchant_id = ${world.shopA.merchantId}
      and processor_id = ${world.processorId} and currency_code = 'GBP' and status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and created_at > now() - interval '28 days'`);
    expect(compare[0].transaction).toMatchObject({ amount: gbpRevenue.amount, currency_code: 'GBP' });
  });
});

describe('statistics tenancy, roles and bad parameters', () => {
  it("never includes another merchant's rows, even when its organisation is named", async () => {
    const params = {
      'created_at>': new Date(NOW - 80 * DAY).toISOString(),
      'created_at<': new Date(NOW).toISOString(),
      organisation: world.shopA.id,
    };
    expect(ok(await call(b, 'GET', url('transaction/aggregate/total', params)))).toMatchObject({ count: 0, volume: 0 });
    expect(ok(await call(b, 'GET', url('statistics/dayandtime', params)))).toEqual([]);
    const top = await call(a, 'GET', '/v1/statistics/merchant/revenue');
    expect(top.status).toBe(403);
  });

  it('answers 403 without a role', async () => {
    for (const path of [
      'transaction/aggregate/stats',
      'refund/aggregate/total',
      'customer/aggregate/best',
      'statistics/dayandtime',
      'statistics/recent',
      'statistics/processor/revenue',
    ]) {
      expect((await call(noRole, 'GET', `/v1/${path}`)).status, path).toBe(403);
    }
  });

  it('answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['transaction/aggregate/stats?period=year', 'querystring.period'],
      ['transaction/aggregate/stats?created_at%3E=yesterday', 'querystring.created_at>'],
      ['statistics/dayandtime?colour=red', 'querystring.colour'],
      ['transaction/aggregate?group_by=colour', 'querystring.group_by'],
      ['transaction/aggregate', 'querystring.group_by'],
      [
        'transaction/aggregate/total?created_at%3E=2026-02-01T00:00:00Z&created_at%3C=2026-01-01T00:00:00Z',
        'querystring.created_at<',
      ],
      ['statistics/processor/compare', 'querystring.ids'],
      ['statistics/processor/compare?ids=a,b,c,d', 'querystring.ids'],
      ['customer/aggregate/best?_limit=0', 'querystring._limit'],
      ['customer/aggregate?group_by=processor', 'querystring.group_by'],
      ['refund/aggregate', 'querystring.group_by'],
    ];
    for (const [path, field] of cases) {
      const response = await call(a, 'GET', `/v1/${path}`);
      expect(response.status, path).toBe(400);
      expect(
        response.body.details.map((d: { path: string }) => d.path),
        path,
      ).toContain(field);
    }
  });
});

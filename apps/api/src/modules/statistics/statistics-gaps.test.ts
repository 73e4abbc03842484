import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql, type Sql } from '../../plugins/db/index.ts';
import { insertOrganisation } from '../settings/organisation.repository.ts';
import { insertUser } from '../auth/user.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller, insertTestCustomer } from '../payments/payments-test-helpers.ts';

// Issue 32's statistics items: every call honours `organisation`, processor statistics' roles,
// best customers count what was paid, a merchant's own default currency, the merchant's own processors.
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let admin: { cookie: string };
let a: { cookie: string };
let otherProcessor: string;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const PAID = ['AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED'];
const STATUSES = [...PAID, 'DECLINED', 'ABANDONED', 'FAILED'];

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  [admin, a] = await Promise.all(['admin', 'a'].map((name) => signIn(t.app, `${name}@test.kassa`, TEST_PASSWORD)));
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
  let n = 0;
  for (const [org, profile] of places) {
    const customers = await Promise.all([1, 2, 3].map(() => insertTestCustomer(t.db, org)));
    // Every place has rows in the last hours (today, the last 24 hours), the last week and the weeks before.
    for (const ageHours of [0.2, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 40, 60, 100, 150, 200, 300, 400, 500]) {
      n++;
      await insertTestTransaction(t.db, org, profile, {
        amount: 1000 + n * 37,
        status: STATUSES[n % STATUSES.length],
        createdAt: new Date(NOW - ageHours * HOUR - n * 1000),
        customerId: customers[n % 3],
      });
    }
  }
  await t.db.query(
    sql`update transaction set processor_id = case when amount % 2 = 0 then ${world.processorId} else ${otherProcessor} end`,
  );
  await t.db
    .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
    select 'rf_' || id, organisation_id, merchant_id, id, payment_profile_id, amount / 2, currency_code, 'PROCESSED', created_at + interval '1 minute'
    from transaction where status = 'SETTLEMENT_COMPLETED'`);
});
afterAll(() => t.close());

const ok = (response: { status: number; body: unknown }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return response.body as any;
};

/** Rows of the organisation's subtree, written directly over the rows. */
const inSubtree = (organisation: string) =>
  sql`e.organisation_id in (select o.id from organisation o where o.path like (select p.path from organisation p where p.id = ${organisation}) || '%')`;

describe('every statistics call honours organisation (issue 32, item 1)', () => {
  const cases = () => [
    { label: 'admin, whole provider', user: admin, organisation: undefined, rows: sql`true` },
    { label: 'admin in Shop A', user: admin, organisation: world.shopA.id, rows: inSubtree(world.shopA.id) },
    { label: 'admin in the outlet', user: admin, organisation: world.shopASub.id, rows: inSubtree(world.shopASub.id) },
    {
      label: 'a, whole merchant',
      user: a,
      organisation: undefined,
      rows: sql`e.merchant_id = ${world.shopA.merchantId}`,
    },
    { label: 'a picks the outlet', user: a, organisation: world.shopASub.id, rows: inSubtree(world.shopASub.id) },
  ];
  const withOrg = (path: string, organisation: string | undefined, more = '') =>
    `/v1/${path}?${organisation ? `organisation=${organisation}&` : ''}${more}`;
  const count = async (rows: Sql, extra: Sql, table = 'transaction') => {
    const [row] = await t.db.query<{ count: number; amount: number }>(
      sql`select count(*)::int as count, ${table === 'customer' ? sql`0` : sql`coalesce(sum(e.amount), 0)`}::bigint as amount from ${sql.raw(table)} e where ${rows} and ${extra}`,
    );
    return row;
  };

  it('amazingthings, today, recent, processor revenue and compare equal a raw count', async () => {
    const paid = sql`e.status = any(${PAID}) and e.currency_code = 'EUR'`;
    for (const { label, user, organisation, rows } of cases()) {
      const achievements = ok(await call(user, 'GET', withOrg('statistics/amazingthings', organisation)));
      const week = sql`e.created_at > now() - interval '7 days'`;
      const of = (type: string) => achievements.find((x: { type: string }) => x.type === type).last;
      expect(of('transaction'), label).toBe((await count(rows, week)).count);
      expect(of('amount'), label).toBe((await count(rows, sql`${week} and ${paid}`)).amount);
      expect(of('refund'), label).toBe((await count(rows, week, 'refund')).count);
      expect(of('customer'), label).toBe((await count(rows, week, 'customer')).count);
      // The 7 days before (read as the last 14 less the last 7).
      const before = sql`e.created_at > now() - interval '14 days' and e.created_at <= now() - interval '7 days'`;
      const previous = (type: string) => achievements.find((x: { type: string }) => x.type === type).previous;
      expect(previous('transaction'), label).toBe((await count(rows, before)).count);
      expect(previous('amount'), label).toBe((await count(rows, sql`${before} and ${paid}`)).amount);
      expect(previous('refund'), label).toBe((await count(rows, before, 'refund')).count);
      expect(previous('customer'), label).toBe((await count(rows, before, 'customer')).count);

      const [{ start }] = await t.db.query<{ start: Date }>(
        sql`select date_trunc('day', now() at time zone 'Europe/Amsterdam') at time zone 'Europe/Amsterdam' as start`,
      );
      const today = ok(await call(user, 'GET', withOrg('statistics/today', organisation)));
      expect(today.amount, label).toBe((await count(rows, sql`e.created_at >= ${start} and ${paid}`)).amount);

      const recent = ok(await call(user, 'GET', withOrg('statistics/recent', organisation, '_limit=10')));
      const expected = await t.db.query<{ id: string }>(sql`select x.id from (
        (select e.id, e.updated_at as at from transaction e where ${rows} order by e.created_at desc limit 10)
        union all (select e.id, e.last_status_update from refund e where ${rows} order by e.created_at desc limit 10)) x
        order by x.at desc, x.id desc limit 10`);
      expect(
        recent.map((r: { id: string }) => r.id),
        label,
      ).toEqual(expected.map((r) => r.id));

      const ids = `${world.processorId},${otherProcessor}`;
      const revenue = ok(await call(user, 'GET', withOrg('statistics/processor/revenue', organisation, `ids=${ids}`)));
      const compare = ok(await call(user, 'GET', withOrg('statistics/processor/compare', organisation, `ids=${ids}`)));
      expect(revenue).toHaveLength(2);
      expect(compare).toHaveLength(2);
      for (const processor of [world.processorId, otherProcessor]) {
        const mine = sql`e.processor_id = ${processor}`;
        const last = await count(rows, sql`${mine} and ${paid} and e.created_at > now() - interval '24 hours'`);
        const row = revenue.find((r: { id: string }) => r.id === processor);
        expect(row.last24hours, label).toEqual(last);
        const compared = compare.find((r: { id: string }) => r.id === processor);
        expect(compared.transaction.count, label).toBe(
          (await count(rows, sql`${mine} and e.created_at > now() - interval '28 days'`)).count,
        );
      }
    }
  });

  it('the raw counts differ with and without organisation, so the calls above are really narrowed', async () => {
    const all = ok(await call(admin, 'GET', '/v1/statistics/amazingthings'));
    const outlet = ok(await call(admin, 'GET', `/v1/statistics/amazingthings?organisation=${world.shopASub.id}`));
    const of = (rows: { type: string; last: number }[]) => rows.find((x) => x.type === 'transaction')?.last ?? 0;
    expect(of(outlet)).toBeGreaterThan(0);
    expect(of(outlet)).toBeLessThan(of(all));
  });
});

describe('processor statistics roles (issue 32, item 11; payments.md §6)', () => {
  it('need PROCESSOR_ALL or PROCESSOR_LIST (or USER_ALL); STATISTICS_LIST alone is refused', async () => {
    const hash = await hashPassword(TEST_PASSWORD);
    const person = async (email: string, roles: string[]) => {
      await insertUser(t.db, { organisationId: world.shopA.id, email, name: email, passwordHash: hash, roles });
      return signIn(t.app, email, TEST_PASSWORD);
    };
    const statisticsOnly = await person('stats-only@test.kassa', ['STATISTICS_LIST', 'TRANSACTION_STATISTICS']);
    const processorList = await person('processor-list@test.kassa', ['PROCESSOR_LIST']);
    const processorAll = await person('processor-all@test.kassa', ['PROCESSOR_ALL']);
    const ids = `ids=${world.processorId},${otherProcessor}`;
    for (const path of [`statistics/processor/revenue?${ids}`, `statistics/processor/compare?${ids}`]) {
      expect((await call(statisticsOnly, 'GET', `/v1/${path}`)).status, path).toBe(403);
      for (const user of [processorList, processorAll, a])
        expect((await call(user, 'GET', `/v1/${path}`)).status, path).toBe(200);
    }
    // The dashboard's other calls stay open to STATISTICS_LIST.
    expect((await call(statisticsOnly, 'GET', '/v1/statistics/amazingthings')).status).toBe(200);
  });
});

describe('best customers count what was paid (issue 32, item 5)', () => {
  it('declined, abandoned and failed attempts add neither volume nor count', async () => {
    const range = `created_at>=${encodeURIComponent(new Date(NOW - 30 * DAY).toISOString())}&created_at<=${encodeURIComponent(new Date(NOW).toISOString())}`;
    // A customer who only tried: a large declined and an abandoned payment, nothing paid.
    const trier = await insertTestCustomer(t.db, world.shopA);
    for (const status of ['DECLINED', 'ABANDONED'])
      await insertTestTransaction(t.db, world.shopA, world.profileA, {
        amount: 900_000,
        status,
        customerId: trier,
        createdAt: new Date(NOW - 2 * HOUR),
      });
    for (const sort of ['', '&_sort=-count']) {
      const best = ok(await call(a, 'GET', `/v1/customer/aggregate/best?${range}${sort}`));
      const expected = await t.db
        .query(sql`select e.customer_id as id, count(*)::int as count, sum(e.amount)::bigint as volume
        from transaction e where e.merchant_id = ${world.shopA.merchantId} and e.currency_code = 'EUR' and e.status = any(${PAID})
        and e.customer_id is not null and e.created_at >= ${new Date(NOW - 30 * DAY)} and e.created_at <= ${new Date(NOW)}
        group by 1 order by ${sort ? sql`2 desc, 3 desc` : sql`3 desc, 2 desc`}, 1 limit 10`);
      const rows = best.map((r: { customer: { id: string }; count: number; volume: number }) => ({
        id: r.customer.id,
        count: r.count,
        volume: r.volume,
      }));
      expect(rows, sort).toEqual(expected);
      expect(rows.map((r: { id: string }) => r.id)).not.toContain(trier);
    }
  });
});

describe("a merchant's statistics default to its own currency (issue 32, item 2)", () => {
  it('a GBP-only merchant sees its own counts without naming a currency; EUR merchants keep EUR', async () => {
    const thames = await insertOrganisation(t.db, { parentId: world.provider.id, name: 'Thames & Tulip' });
    const hash = await hashPassword(TEST_PASSWORD);
    await insertUser(t.db, {
      organisationId: thames.id,
      email: 'tulip@test.kassa',
      name: 'Tulip',
      passwordHash: hash,
      roles: ['USER_ALL'],
    });
    const tulip = await signIn(t.app, 'tulip@test.kassa', TEST_PASSWORD);
    const profile = newId('pp');
    await t.db
      .query(sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name, currency_code, processors)
      values (${profile}, ${thames.id}, ${thames.merchantId}, 'Tulip web', 'Tulip web', 'GBP', ${[world.processorId]})`);
    for (let i = 0; i < 12; i++)
      await insertTestTransaction(t.db, thames, profile, {
        amount: 2500 + i,
        currency: 'GBP',
        status: STATUSES[i % STATUSES.length],
        createdAt: new Date(NOW - (i + 1) * 5 * HOUR),
      });
    const range = `created_at>=${encodeURIComponent(new Date(NOW - 10 * DAY).toISOString())}&created_at<=${encodeURIComponent(new Date(NOW).toISOString())}`;
    const [raw] = await t.db.query<{ count: number; volume: number }>(
      sql`select count(*)::int as count, sum(amount)::bigint as volume from transaction where merchant_id = ${thames.merchantId} and created_at >= ${new Date(NOW - 10 * DAY)}`,
    );
    expect(raw.count).toBe(12);
    expect(ok(await call(tulip, 'GET', '/v1/statistics/currency'))).toEqual({
      currency_code: 'GBP',
      currencies: ['GBP'],
    });
    // The merchant itself, and the provider in its context.
    for (const [who, extra] of [
      [tulip, ''],
      [admin, `&organisation=${thames.id}`],
    ] as const) {
      const total = ok(await call(who, 'GET', `/v1/transaction/aggregate/total?${range}${extra}`));
      expect(total).toMatchObject({ count: raw.count, volume: raw.volume, currency_code: 'GBP' });
      const lifecycle = ok(await call(who, 'GET', `/v1/transaction/aggregate/lifecycle?${range}${extra}`));
      expect(lifecycle.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBeGreaterThan(0);
    }
    // Naming a currency still narrows to it.
    expect(ok(await call(tulip, 'GET', `/v1/transaction/aggregate/total?${range}&currency_code=EUR`)).count).toBe(0);
    // A merchant with euro profiles keeps EUR, and the provider as a whole too.
    expect(ok(await call(a, 'GET', '/v1/statistics/currency')).currency_code).toBe('EUR');
    expect(ok(await call(a, 'GET', `/v1/transaction/aggregate/total?${range}`)).currency_code).toBe('EUR');
    expect(ok(await call(admin, 'GET', `/v1/transaction/aggregate/total?${range}`)).currency_code).toBe('EUR');
  });
});

describe("processor statistics are about the merchant's own processors (issue 32, item 6)", () => {
  it('lists only the processors its profiles use, with gatewayLabel and until; compare refuses others as not found', async () => {
    // A processor of the provider that no profile of Shop A uses.
    const [{ id: unused }] = await t.db.query<{
      id: string;
    }>(sql`insert into processor (id, organisation_id, name, provider, payment_product, gateway)
      values (${newId('prc')}, ${world.provider.id}, 'Unused acquirer', 'sandbox', 'card', 'Tulip Gateway') returning id`);
    const own = [world.processorId, otherProcessor].sort();
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    const mine = ok(await call(a, 'GET', '/v1/statistics/processor/revenue'));
    expect(ids(mine)).toEqual(own);
    expect(mine[0]).toMatchObject({ gatewayLabel: 'Direct' });
    expect(Math.abs(Date.parse(mine[0].until) - Date.now())).toBeLessThan(60_000);
    // Naming it narrows to nothing; the provider as a whole sees it, with its gateway's label.
    expect(ok(await call(a, 'GET', `/v1/statistics/processor/revenue?ids=${unused}`))).toEqual([]);
    const all = ok(await call(admin, 'GET', '/v1/statistics/processor/revenue'));
    expect(all.find((r: { id: string }) => r.id === unused)).toMatchObject({ gatewayLabel: 'Tulip Gateway' });
    // In Shop A's context the provider sees Shop A's processors.
    expect(
      ids(ok(await call(admin, 'GET', `/v1/statistics/processor/revenue?organisation=${world.shopA.id}`))),
    ).toEqual(own);
    const compare = await call(a, 'GET', `/v1/statistics/processor/compare?ids=${world.processorId},${unused}`);
    expect(compare.status).toBe(404);
    expect(compare.body).toMatchObject({ code: 'not_found', details: [{ path: 'querystring.ids' }] });
    const four = await call(a, 'GET', `/v1/statistics/processor/compare?ids=${own.join(',')},${unused},x`);
    expect(four.status).toBe(400);
  });
});

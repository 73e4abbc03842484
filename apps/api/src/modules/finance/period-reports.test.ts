import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCombinedReport, TPeriodFigures, TProviderReportRow } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../auth/password.ts';
import { insertUser } from '../auth/user.repository.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, type Caller, errorPaths, signInTestUsers } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

const DAY = 86_400_000;
/** 60 days of data, far enough in the past that "today" never touches it. */
const START = Date.UTC(2025, 2, 1);
const SPAN = 60;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Made = {
  merchant: 'A' | 'B';
  org: string;
  day: string;
  month: string;
  product: string;
  amount: number;
  captured: boolean;
  refund: number;
  refundProcessed: boolean;
  chargeback: number;
  lost: boolean;
};

let t: TestApp;
let world: TestWorld;
let users: Awaited<ReturnType<typeof signInTestUsers>>;
let bothLists: Caller;
const made: Made[] = [];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
const rng = (() => {
  let s = 20_260_124;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
})();
const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)];

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  await t.db.query(
    sql`update organisation set features = '{collecting}' where id in (${world.provider.id}, ${world.shopA.id})`,
  );
  users = await signInTestUsers(t.app, TEST_PASSWORD);
  await insertUser(t.db, {
    organisationId: world.shopA.id,
    email: 'a-lists@test.kassa',
    name: 'lists',
    passwordHash: await hashPassword(TEST_PASSWORD),
    roles: ['TRANSACTION_LIST', 'SETTLEMENT_LIST'],
  });
  bothLists = await signIn(t.app, 'a-lists@test.kassa', TEST_PASSWORD);
  const targets = [
    { merchant: 'A' as const, org: world.shopA, profile: world.profileA },
    { merchant: 'A' as const, org: world.shopASub, profile: world.profileASub },
    { merchant: 'B' as const, org: world.shopB, profile: world.profileB },
  ];
  for (let i = 0; i < 140; i++) {
    const target = pick(targets);
    const at = START + Math.floor(rng() * SPAN * DAY);
    const amount = 100 + Math.floor(rng() * 20_000);
    const captured = rng() < 0.7;
    const product = pick(['card', 'ideal', 'paypal']);
    const id = await insertTestTransaction(t.db, target.org, target.profile, {
      amount,
      status: captured ? 'SETTLEMENT_COMPLETED' : 'DECLINED',
      createdAt: new Date(at),
      product,
    });
    const row: Made = {
      merchant: target.merchant,
      org: target.org.id,
      day: dayOf(at),
      month: dayOf(at).slice(0, 7),
      product,
      amount,
      captured,
      refund: 0,
      refundProcessed: false,
      chargeback: 0,
      lost: false,
    };
    // Refunds and chargebacks land on the same day as their payment, so the per-day expectation stays simple.
    if (captured && rng() < 0.3) {
      row.refund = 1 + Math.floor(rng() * amount);
      row.refundProcessed = rng() < 0.8;
      await t.db
        .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
        values (${newId('rf')}, ${target.org.id}, ${target.org.merchantId ?? target.org.id}, ${id}, ${target.profile}, ${row.refund}, 'EUR', ${row.refundProcessed ? 'PROCESSED' : 'PENDING'}, ${new Date(at + 1000)})`);
    }
    if (captured && rng() < 0.15) {
      row.chargeback = amount;
      row.lost = rng() < 0.5;
      await t.db
        .query(sql`insert into chargeback (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
        values (${newId('cb')}, ${target.org.id}, ${target.org.merchantId ?? target.org.id}, ${id}, ${target.profile}, ${row.chargeback}, 'EUR', ${row.lost ? 'LOST' : 'WON'}, ${new Date(at + 2000)})`);
    }
    made.push(row);
  }
});
afterAll(() => t.close());

/** The expected figures of some generated rows, computed without SQL. */
const expected = (rows: Made[]): TPeriodFigures => ({
  count: rows.length,
  captured_count: rows.filter((r) => r.captured).length,
  captured_volume: rows.filter((r) => r.captured).reduce((s, r) => s + r.amount, 0),
  refund_count: rows.filter((r) => r.refund && r.refundProcessed).length,
  refund_volume: rows.filter((r) => r.refund && r.refundProcessed).reduce((s, r) => s + r.refund, 0),
  chargeback_count: rows.filter((r) => r.chargeback && r.lost).length,
  chargeback_volume: rows.filter((r) => r.chargeback && r.lost).reduce((s, r) => s + r.chargeback, 0),
});
const figures = (row: TPeriodFigures): TPeriodFigures => ({
  count: row.count,
  captured_count: row.captured_count,
  captured_volume: row.captured_volume,
  refund_count: row.refund_count,
  refund_volume: row.refund_volume,
  chargeback_count: row.chargeback_count,
  chargeback_volume: row.chargeback_volume,
});
const groupBy = <K extends string>(rows: Made[], key: (r: Made) => K) => {
  const out = new Map<K, Made[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
};

describe('provider daily and monthly reports', () => {
  it('answers every merchant, day and month with exactly the figures of its raw rows, for random ranges', async () => {
    const names = { A: 'Shop A', B: 'Shop B' };
    for (let round = 0; round < 5; round++) {
      const a = Math.floor(rng() * SPAN);
      const b = Math.floor(rng() * SPAN);
      const from = dayOf(START + Math.min(a, b) * DAY);
      const to = dayOf(START + Math.max(a, b) * DAY);
      const response = await callAs(t.app, users.provider, 'GET', `/v1/psp/report/daily?day>=${from}&day<=${to}`);
      expect(response.status).toBe(200);
      const inRange = made.filter((r) => r.day >= from && r.day <= to);
      const want = [...groupBy(inRange, (r) => `${r.day}|${r.merchant}`)].map(([key, rows]) => {
        const [day, merchant] = key.split('|') as [string, 'A' | 'B'];
        return { period: day, merchant: names[merchant], ...expected(rows) };
      });
      const got = (response.body as TProviderReportRow[]).map((row) => ({
        period: row.period,
        merchant: row.merchant.name,
        ...figures(row),
      }));
      expect(got.sort((x, y) => `${x.period}${x.merchant}`.localeCompare(`${y.period}${y.merchant}`))).toEqual(
        want.sort((x, y) => `${x.period}${x.merchant}`.localeCompare(`${y.period}${y.merchant}`)),
      );
    }
    const monthly = await callAs(t.app, users.provider, 'GET', '/v1/psp/report/monthly?month>=2025-03&month<=2025-04');
    expect(monthly.status).toBe(200);
    for (const row of monthly.body as TProviderReportRow[]) {
      const merchant = row.merchant.id === world.shopA.id ? 'A' : 'B';
      expect(figures(row)).toEqual(expected(made.filter((r) => r.month === row.period && r.merchant === merchant)));
    }
    expect((monthly.body as TProviderReportRow[]).reduce((s, r) => s + r.count, 0)).toBe(made.length);
  });

  it('narrows to one merchant, and refuses bad ranges naming the field', async () => {
    const onlyB = await callAs(
      t.app,
      users.provider,
      'GET',
      `/v1/psp/report/monthly?month>=2025-03&month<=2025-04&organisation=${world.shopB.id}`,
    );
    expect(new Set((onlyB.body as TProviderReportRow[]).map((r) => r.merchant.id))).toEqual(new Set([world.shopB.id]));
    const cases: [string, string][] = [
      ['/v1/psp/report/daily?day>=2025-03-10&day<=2025-03-01', 'querystring.day>'],
      ['/v1/psp/report/daily?day>=2025-02-30', 'querystring.day>'],
      ['/v1/psp/report/daily?day>=2023-01-01&day<=2025-01-01', 'querystring.day<'],
      ['/v1/psp/report/daily?month>=2025-03', 'querystring.month>'],
      ['/v1/psp/report/monthly?day<=2025-03-01', 'querystring.day<'],
      ['/v1/psp/report/monthly?month>=2025-13', 'querystring.month>'],
      ['/v1/psp/report/monthly?month>=2020-01&month<=2025-01', 'querystring.month<'],
    ];
    for (const [url, path] of cases) {
      const response = await callAs(t.app, users.provider, 'GET', url);
      expect(response.status, url).toBe(400);
      expect(errorPaths(response.body), url).toContain(path);
    }
    expect((await callAs(t.app, users.provider, 'GET', '/v1/psp/report/weekly')).status).toBe(400);
    // An unknown key is refused as the whole query string, its message naming the key.
    const unknown = await callAs(t.app, users.provider, 'GET', '/v1/psp/report/daily?colour=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('colour');
  });

  it('is for provider staff only', async () => {
    for (const who of [users.a, users.b, users.analyst])
      expect((await callAs(t.app, who, 'GET', '/v1/psp/report/daily')).status).toBe(403);
  });
});

describe('the combined report', () => {
  const url = '/v1/report/combined?day>=2025-03-01&day<=2025-04-29';

  it('adds up what was processed per payment product, for the merchant and its sub-organisations only', async () => {
    const response = await callAs(t.app, users.a, 'GET', url);
    expect(response.status).toBe(200);
    const body = response.body as TCombinedReport;
    expect(body).toMatchObject({ from: '2025-03-01', to: '2025-04-29', collecting: true });
    const eur = body.currencies.find((c) => c.currency_code === 'EUR');
    const ofA = made.filter((r) => r.merchant === 'A');
    expect(eur && figures(eur.totals)).toEqual(expected(ofA));
    for (const product of eur?.products ?? [])
      expect(figures(product)).toEqual(expected(ofA.filter((r) => r.product === product.payment_product)));
    // The sub-organisation's user sees its own part only; merchant B never sees A's money.
    const sub = (await callAs(t.app, users.aSub, 'GET', url)).body as TCombinedReport;
    expect(figures(sub.currencies[0].totals)).toEqual(expected(ofA.filter((r) => r.org === world.shopASub.id)));
    const b = (await callAs(t.app, users.b, 'GET', `${url}&organisation=${world.shopA.id}`)).body as TCombinedReport;
    expect(b.currencies.reduce((s, c) => s + c.totals.count, 0)).toBe(0);
    expect(b.collecting).toBe(false);
  });

  it('shows the settlements of the range with the collecting feature, with what of them was paid out', async () => {
    const ids = { pkg: newId('pkg'), schedule: newId('ssc'), account: newId('ba'), profile: newId('spf') };
    await t.db.query(
      sql`insert into finance_package (id, organisation_id, name) values (${ids.pkg}, ${world.provider.id}, 'p')`,
    );
    await t.db.query(
      sql`insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days) values (${ids.schedule}, ${world.provider.id}, 'w', 'weekly', 2)`,
    );
    await t.db.query(
      sql`insert into bank_account (id, organisation_id, merchant_id, holder_name, iban) values (${ids.account}, ${world.shopA.id}, ${world.shopA.id}, 'A', 'NL91ABNA0417164300')`,
    );
    await t.db
      .query(sql`insert into settlement_profile (id, organisation_id, merchant_id, package_id, settlement_schedule_id, bank_account_id, effective_from)
      values (${ids.profile}, ${world.shopA.id}, ${world.shopA.id}, ${ids.pkg}, ${ids.schedule}, ${ids.account}, '2025-01-01')`);
    // Two engine settlements in the range (one paid out, one scheduled), one after it, and one generator row without a profile.
    const settle = async (
      start: number,
      parts: { gross: number; refunded: number; fee: number; amount: number },
      payout: 'PAID' | 'SCHEDULED' | null,
      profile: string | null = ids.profile,
    ) => {
      const id = newId('stl');
      await t.db
        .query(sql`insert into settlement (id, organisation_id, merchant_id, currency_code, amount, gross, refunded, chargebacks, fee, one_offs, transaction_count,
          period_start, period_end, status, settlement_profile_id, bank_account_id, created_at, updated_at)
        values (${id}, ${world.shopA.id}, ${world.shopA.id}, 'EUR', ${parts.amount}, ${parts.gross}, ${parts.refunded}, 0, ${parts.fee}, 0, 2,
          ${new Date(start)}, ${new Date(start + 7 * DAY)}, ${payout === 'PAID' ? 'PAID' : 'PENDING'}, ${profile}, ${ids.account}, now(), now())`);
      if (payout)
        await t.db
          .query(sql`insert into payout (id, settlement_id, organisation_id, merchant_id, bank_account_id, amount, currency_code, status, pay_date)
        values (${newId('po')}, ${id}, ${world.shopA.id}, ${world.shopA.id}, ${ids.account}, ${parts.amount}, 'EUR', ${payout}, '2025-03-12')`);
    };
    await settle(START, { gross: 10_000, refunded: 500, fee: 250, amount: 9250 }, 'PAID');
    await settle(START + 7 * DAY, { gross: 4000, refunded: 0, fee: 100, amount: 3900 }, 'SCHEDULED');
    await settle(START + 70 * DAY, { gross: 999, refunded: 0, fee: 0, amount: 999 }, 'PAID');
    await settle(START + 14 * DAY, { gross: 777, refunded: 0, fee: 0, amount: 777 }, null, null);
    const report = (await callAs(t.app, users.a, 'GET', url)).body as TCombinedReport;
    expect(report.currencies.find((c) => c.currency_code === 'EUR')?.settlement).toEqual({
      count: 2,
      transaction_count: 4,
      gross: 14_000,
      refunded: 500,
      chargebacks: 0,
      fee: 350,
      reserve: 0,
      one_offs: 0,
      amount: 13_150,
      paid_out: 9250,
    });
    // Without the collecting feature there is no settlement part at all, and merchant B never sees A's settlements.
    const b = (await callAs(t.app, users.b, 'GET', url)).body as TCombinedReport;
    expect(b.collecting).toBe(false);
    expect(b.currencies.every((c) => c.settlement === null)).toBe(true);
  });

  it('needs the transaction and settlement roles together, and refuses bad ranges naming the field', async () => {
    expect((await callAs(t.app, bothLists, 'GET', url)).status).toBe(200);
    expect((await callAs(t.app, users.analyst, 'GET', url)).status).toBe(403);
    const bad = await callAs(t.app, users.a, 'GET', '/v1/report/combined?day>=2025-04-01&day<=2025-03-01');
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['querystring.day>']);
    expect(errorPaths((await callAs(t.app, users.a, 'GET', '/v1/report/combined?day<=yesterday')).body)).toEqual([
      'querystring.day<',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { caller } from '../payments/payments-test-helpers.ts';

// Issue 32 item 7 (payments §7): statistics by platform, browser and issuer, from what a payment
// records — the hosted page's user agent and the card's BIN — kept in rollups that stay exact.
let t: TestApp;
let world: TestWorld;
let call: ReturnType<typeof caller>;
let a: { cookie: string };
let b: { cookie: string };
const nobody = {} as { cookie: string };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0';
const DAY = 86_400_000;
const RANGE = `created_at>=${new Date(Date.now() - 400 * DAY).toISOString()}&created_at<=${new Date(Date.now() + DAY).toISOString()}`;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  call = caller(t.app);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
  b = await signIn(t.app, 'b@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const payLink = async (amount: number, card_number: string, userAgent: string) => {
  const link = await call(a, 'POST', '/v1/payment-link', { payment_profile: world.profileA, amount });
  expect(link.status).toBe(201);
  const token = (link.body.url as string).split('/').at(-1)!;
  const paid = await call(nobody, 'POST', `/v1/pay/${token}`, { card_number }, { 'user-agent': userAgent });
  expect(paid.status).toBe(200);
  const [row] = await t.db.query<{ id: string }>(
    sql`select id from transaction where merchant_reference = ${link.body.id}`,
  );
  return row.id;
};
const stats = async (who: { cookie: string }, path: string) => {
  const res = await call(
    who,
    'GET',
    `/v1/statistics/${path}?${RANGE}&status[]=SETTLEMENT_REQUESTED&status[]=SETTLEMENT_COMPLETED&status[]=DECLINED`,
  );
  expect(res.status).toBe(200);
  return res.body as { value: string | null; count: number; volume: number; count_percentage: number }[];
};

describe('statistics by platform, browser and issuer', () => {
  it('a payment on the hosted page records the platform, browser and issuer, and the statistics count it', async () => {
    const iphone = await payLink(2500, '4242424242424242', IPHONE);
    await payLink(1200, '5555555555554444', WINDOWS_EDGE);
    await payLink(1300, '4242424242424242', WINDOWS_EDGE);
    const detail = await call(a, 'GET', `/v1/transaction/${iphone}`);
    expect(detail.body).toMatchObject({
      platform: 'iOS',
      browser: 'Safari',
      issuer: 'Sandbox Test Bank',
      issuer_country: 'NL',
    });
    // An API payment has no browser: unknown, not a guess.
    await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 700, status: 'SETTLEMENT_COMPLETED' });

    expect(await stats(a, 'platform')).toEqual([
      { value: 'Windows', count: 2, volume: 2500, count_percentage: 50 },
      { value: 'iOS', count: 1, volume: 2500, count_percentage: 25 },
      { value: null, count: 1, volume: 700, count_percentage: 25 },
    ]);
    expect((await stats(a, 'browser')).map((r) => [r.value, r.count])).toEqual([
      ['Microsoft Edge', 2],
      ['Safari', 1],
      [null, 1],
    ]);
    expect((await stats(a, 'issuer')).map((r) => [r.value, r.count])).toEqual([
      ['Sandbox Test Bank', 3],
      [null, 1],
    ]);
    expect((await stats(a, 'issuer/country')).map((r) => [r.value, r.count])).toEqual([
      ['NL', 3],
      [null, 1],
    ]);
    // Another merchant sees none of it.
    expect(await stats(b, 'platform')).toEqual([]);
  }, 90_000);

  it('the filter on the transactions list narrows by platform and browser', async () => {
    const list = await call(a, 'GET', '/v1/transaction?platform=Windows&browser=Microsoft%20Edge');
    expect(list.status).toBe(200);
    expect((list.body as { amount: number }[]).map((row) => row.amount).sort()).toEqual([1200, 1300]);
  });

  it('the rollups stay equal to the rows through status changes, moves and deletes', async () => {
    // Spread over months and days, so the answer reads months, days and rows at the ends.
    for (let i = 0; i < 12; i++)
      await insertTestTransaction(t.db, world.shopA, world.profileA, {
        amount: 100 + i,
        createdAt: new Date(Date.now() - i * 31 * DAY - i * 3_600_000),
      });
    await t.db.query(sql`update transaction set platform = case when amount % 3 = 0 then 'Android' else 'Linux' end,
      browser = 'Firefox' where platform is null and amount < 200`);
    await t.db.query(sql`update transaction set status = 'DECLINED' where amount in (101, 104)`);
    await t.db.query(sql`delete from transaction where amount = 105`);
    const fromRows = await t.db.query<{ value: string | null; count: number }>(sql`
      select platform as value, count(*)::int as count from transaction
      where merchant_id = ${world.shopA.merchantId} and status in ('SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED', 'DECLINED')
      group by 1 order by 2 desc, 1`);
    const answered = await stats(a, 'platform');
    expect(answered.map((r) => [r.value, r.count]).sort()).toEqual(fromRows.map((r) => [r.value, r.count]).sort());
    // And a rebuild from the rows gives the same rollups.
    const before = await t.db.query(
      sql`select * from transaction_client_monthly order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    );
    await t.db.query(sql`select kassa_rebuild_transaction_rollups()`);
    const after = await t.db.query(
      sql`select * from transaction_client_monthly where count <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`,
    );
    expect(before.filter((row) => Number((row as { count: number }).count) !== 0)).toEqual(after);
  }, 90_000);
});

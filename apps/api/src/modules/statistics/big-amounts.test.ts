import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { sql } from '../../plugins/db/index.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { createTestWorld, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';

let t: TestApp;
let world: TestWorld;
let provider: { cookie: string };
let merchant: { cookie: string };
/** The largest amount the database's `bigint` column takes: far beyond JavaScript's safe integers. */
const DB_MAX = '9223372036854775807';

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  // Straight into the database, past the API's cap: rows imported or written before the cap. One
  // per merchant (the rollups keep each merchant's sums in a bigint), so the provider's sums go
  // beyond even the database's bigint.
  for (const [org, profile] of [
    [world.shopA, world.profileA],
    [world.shopB, world.profileB],
  ] as const) {
    const at = new Date(Date.now() - 60_000);
    await t.db
      .query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, processor_id, merchant_reference,
        amount, currency_code, payment_product_type, status, created_at, updated_at)
      values (${newId('tx', at.getTime())}, ${org.id}, ${org.merchantId}, ${profile}, ${world.processorId}, 'BIG', ${DB_MAX}::bigint,
        'EUR', 'card', 'SETTLEMENT_COMPLETED', ${at}, ${at})`);
  }
  await t.db.query(sql`update organisation set features = '{collecting}'`);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  merchant = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

const STATISTICS = [
  'statistics/today',
  'statistics/aggregate/day',
  'statistics/outcome',
  'statistics/scheme',
  'statistics/processor/revenue',
  'statistics/merchant/revenue',
  'statistics/amazingthings',
  'statistics/recent',
  'statistics/dayandtime',
  'statistics/type',
  'statistics/dayofweek',
  'transaction/aggregate/stats',
  'transaction/aggregate/total',
  'transaction/aggregate/previous',
  'transaction/aggregate?group_by=status',
  'transaction/aggregate/lifecycle',
  'transaction/aggregate/location',
  'refund/aggregate/total',
  'customer/aggregate/best',
  'transaction',
  'report/daily',
  'psp/report/daily',
  'psp/report/monthly',
  'report/combined',
  'psp/merchant',
];
/** The provider's own calls: a merchant's user is refused them (403) whatever is stored. */
const PROVIDER_ONLY = new Set([
  'statistics/merchant/revenue',
  'psp/report/daily',
  'psp/report/monthly',
  'psp/merchant',
]);

describe('sums whatever is stored (issue 30 item 6)', () => {
  it.each(STATISTICS)('GET /v1/%s answers 200 for the provider (and a merchant)', async (path) => {
    for (const who of PROVIDER_ONLY.has(path) ? [provider] : [provider, merchant]) {
      const response = await t.app.inject({ method: 'GET', url: `/v1/${path}`, headers: who });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('answers the sums beyond the safe range as numbers the dashboards can show', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/statistics/merchant/revenue', headers: provider });
    const amounts = (response.json() as { last24hours: { amount: number } }[]).map((row) => row.last24hours.amount);
    expect(amounts).toHaveLength(2);
    expect(Math.min(...amounts)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const total = await t.app.inject({ method: 'GET', url: '/v1/transaction/aggregate/total', headers: provider });
    // Both merchants' amounts: beyond even the database's bigint, answered all the same.
    expect(total.json().volume).toBeGreaterThan(2 * 9.2e18);
  });
});

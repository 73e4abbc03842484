import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheGenerations } from '../../lib/cache-generations.ts';
import { sql } from '../../plugins/db/index.ts';
import { loadedTranslationBundles } from '../../query/readable-export.ts';
import { createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { callAs, errorPaths, type Caller } from '../../test/call.ts';
import { createTestWorld, insertTestTransaction, TEST_PASSWORD, type TestWorld } from '../../test/world.ts';
import { insertTestCustomer } from '../payments/payments-test-helpers.ts';
import { heldAndCounted } from '../../test/rollups.ts';
import { OTHER_ROLLUPS } from '../../db/rollups.ts';

let t: TestApp;
let world: TestWorld;
let provider: Caller;
let a: Caller;

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  provider = await signIn(t.app, 'admin@test.kassa', TEST_PASSWORD);
  a = await signIn(t.app, 'a@test.kassa', TEST_PASSWORD);
});
afterAll(() => t.close());

type Entry = {
  name: string;
  generation: number;
  entries: number | null;
  age_seconds: number | null;
  cleared_by: { name: string } | null;
};
const caches = async (): Promise<Record<string, Entry>> =>
  Object.fromEntries(((await callAs(t.app, provider, 'GET', '/v1/cache')).body as Entry[]).map((c) => [c.name, c]));
const ROLLUPS = [
  'transaction_daily',
  'transaction_hourly',
  'transaction_local_daily',
  'transaction_country_hourly',
  'transaction_monthly',
  'transaction_country_daily',
  'transaction_country_monthly',
  'transaction_local_daily_totals',
  'transaction_hourly_totals',
  'transaction_hourly_status',
  'transaction_local_daily_status',
  'transaction_local_cells_monthly',
];
const rollupTotals = async () => {
  const [row] = await t.db.query<
    Record<string, number> & { rows: number; revenue: number; revenue_rows: number }
  >(sql`select ${sql.join(
    ROLLUPS.map((table) => sql`(select coalesce(sum(count), 0)::int from ${sql.raw(table)}) as ${sql.raw(table)}`),
    ', ',
  )},
    (select count(*)::int from transaction) as rows,
    (select coalesce(sum(count), 0)::int from merchant_revenue_daily) as revenue,
    (select count(*)::int from transaction where status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED') and not blocked) as revenue_rows`);
  return { ...row, daily: row.transaction_daily, revenue: row.revenue, revenue_rows: row.revenue_rows };
};

describe('cache page', () => {
  it('lists what Kassa caches with sizes and ages, for provider super users only', async () => {
    expect((await callAs(t.app, a, 'GET', '/v1/cache')).status).toBe(403);
    expect((await callAs(t.app, a, 'POST', '/v1/cache/lists/clear')).status).toBe(403);
    const bad = await callAs(t.app, provider, 'POST', '/v1/cache/everything/clear');
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.body)).toEqual(['params.name']);
    const all = await caches();
    expect(Object.keys(all).sort()).toEqual(['lists', 'rollups', 'sessions', 'translations']);
    expect(all.sessions.entries).toBeGreaterThanOrEqual(2);
    expect(all.sessions.age_seconds).toBeGreaterThanOrEqual(0);
    expect(all.lists.entries).toBe(4); // one processor, three payment profiles
  });

  it("a translation clear made by another process empties this process's bundles within the check interval", async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/v1/statusupdate/export?_format=readable&_lang=en-US',
      headers: { cookie: (provider as { cookie: string }).cookie },
    });
    expect(exported.statusCode).toBe(200);
    expect(loadedTranslationBundles().length).toBeGreaterThanOrEqual(1);
    expect((await caches()).translations.entries).toBeGreaterThanOrEqual(1);
    // Another API process clears: only the database row moves.
    await t.db.query(sql`update cache_state set generation = generation + 1 where name = 'translations'`);
    await cacheGenerations(t.db, true);
    expect(loadedTranslationBundles()).toEqual([]);
  });

  it('clearing lists moves the generation browsers see in the kassa-cache header, and is audited', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/me',
      headers: { cookie: (provider as { cookie: string }).cookie },
    });
    const generation = Number(/lists=(\d+)/.exec(String(before.headers['kassa-cache']))![1]);
    const cleared = await callAs(t.app, provider, 'POST', '/v1/cache/lists/clear');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name: 'lists', generation: generation + 1, cleared_by: { name: 'admin' } });
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/me',
      headers: { cookie: (provider as { cookie: string }).cookie },
    });
    expect(after.headers['kassa-cache']).toContain(`lists=${generation + 1}`);
    const [audit] = await t.db.query<{ type: string; entity_id: string }>(
      sql`select type, entity_id from audit_log where entity = 'cache' order by created_at desc limit 1`,
    );
    expect(audit).toEqual({ type: 'cache_cleared', entity_id: 'lists' });
  });

  it('clearing rollups builds them again from the transactions', async () => {
    await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 500 });
    await insertTestTransaction(t.db, world.shopB, world.profileB, { amount: 700 });
    // A rollup that drifted (as after a hand-made repair in the database).
    await t.db.query(sql`update transaction_daily set count = count + 5`);
    await t.db.query(sql`delete from transaction_hourly`);
    await t.db.query(sql`delete from transaction_country_monthly`);
    await t.db.query(sql`delete from merchant_revenue_daily`);
    const drifted = await rollupTotals();
    expect(drifted.daily).not.toBe(drifted.rows);
    expect((await callAs(t.app, provider, 'POST', '/v1/cache/rollups/clear')).status).toBe(200);
    const rebuilt = await rollupTotals();
    // Every statistics rollup counts each transaction once again.
    expect(rebuilt).toEqual({
      ...Object.fromEntries(ROLLUPS.map((table) => [table, drifted.rows])),
      daily: drifted.rows,
      rows: drifted.rows,
      // The merchants list's rollup counts each revenue transaction once.
      revenue: drifted.revenue_rows,
      revenue_rows: drifted.revenue_rows,
    });
    expect((await callAs(t.app, provider, 'GET', '/v1/statistics/today')).status).toBeLessThan(500);
  });

  it('clearing rollups builds the customer and refund rollups again too', async () => {
    await insertTestCustomer(t.db, world.shopA);
    await insertTestCustomer(t.db, world.shopB);
    const paid = await insertTestTransaction(t.db, world.shopA, world.profileA, { amount: 900 });
    await t.db
      .query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status)
      select 'rf_cache_' || id, organisation_id, merchant_id, id, payment_profile_id, 300, currency_code, 'PROCESSED' from transaction where id = ${paid}`);
    /** The rollups that differ from an aggregate of their table. */
    const differences = async () => {
      const out: Record<string, Awaited<ReturnType<typeof heldAndCounted>>> = {};
      for (const rollup of OTHER_ROLLUPS) {
        const both = await heldAndCounted(t.db, rollup);
        if (both.held.join('\n') !== both.counted.join('\n')) out[rollup.table] = both;
      }
      return out;
    };
    expect(await differences()).toEqual({});
    await t.db.query(sql`update customer_daily set count = count + 3`);
    await t.db.query(sql`delete from customer_hourly`);
    await t.db.query(sql`update refund_hourly set count = count + 1, volume = volume - 5`);
    expect(Object.keys(await differences()).sort()).toEqual(['customer_daily', 'customer_hourly', 'refund_hourly']);
    expect((await callAs(t.app, provider, 'POST', '/v1/cache/rollups/clear')).status).toBe(200);
    expect(await differences()).toEqual({});
  });

  it('clearing sessions signs out everyone but the person who cleared them', async () => {
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).status).toBe(200);
    const cleared = await callAs(t.app, provider, 'POST', '/v1/cache/sessions/clear');
    expect(cleared.status).toBe(200);
    expect(cleared.body.entries).toBe(1);
    expect((await callAs(t.app, a, 'GET', '/v1/auth/me')).status).toBe(401);
    expect((await callAs(t.app, provider, 'GET', '/v1/auth/me')).status).toBe(200);
  });
});

// Runs on both engines: issue 34 asks for its bulk settlement on PGlite and PostgreSQL (migration 0150).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { rebuildRollups } from '../modules/admin/cache.repository.ts';
import { createTestWorld, insertTestTransaction, type TestWorld } from '../test/world.ts';

/**
 * Migrations 0150 and 0154: a rollup trigger counts a statement's rows straight from its
 * transition tables; an update adds the old rows at -1 and the new ones at +1. After an insert,
 * one bulk update (a settlement file's status move, an amount, a customer, a country corrected, a
 * test row among them) and a delete, every rollup changed by exactly what a count of the payments
 * themselves changed by.
 */
let db: Db;
let world: TestWorld;
beforeAll(async () => {
  db = await openTestDb();
  world = await createTestWorld(db);
});
afterAll(() => db.close());

type Figures = Map<string, string>;

/** `count|volume` per group key, zero groups left out (a rollup keeps a group that went to zero). */
const figures = async (query: ReturnType<typeof sql>): Promise<Figures> =>
  new Map(
    (await db.query<{ key: string; count: string; volume: string }>(query))
      .filter((row) => Number(row.count) !== 0 || Number(row.volume) !== 0)
      .map((row) => [row.key, `${row.count}|${row.volume}`]),
  );

const delta = (before: Figures, after: Figures) => {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const out: Record<string, [number, number]> = {};
  for (const key of keys) {
    const [c0, v0] = (before.get(key) ?? '0|0').split('|').map(Number);
    const [c1, v1] = (after.get(key) ?? '0|0').split('|').map(Number);
    if (c1 !== c0 || v1 !== v0) out[key] = [c1 - c0, v1 - v0];
  }
  return out;
};

const UTC_HOUR = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24')`;
const LOCAL = `created_at at time zone 'Europe/Amsterdam'`;
const TAKEN = `status in ('AUTHORIZED', 'SETTLEMENT_REQUESTED', 'SETTLEMENT_COMPLETED')`;
const counted = (key: string, where = '') =>
  sql`select concat_ws('/', ${sql.raw(key)}) as key, count(*)::text as count, sum(amount)::text as volume
    from transaction where mode = 'live' ${sql.raw(where)} group by 1`;
const rolledUp = (table: string, key: string) =>
  sql`select concat_ws('/', ${sql.raw(key)}) as key, sum(count)::text as count, sum(volume)::text as volume from ${sql.raw(table)} group by 1`;

/** Each rollup read by a key of its own columns, and the same key counted from the payments themselves. */
const ROLLUPS = {
  daily: {
    rollup: rolledUp('transaction_daily', 'merchant_id, day, status, currency_code, blocked, tagged'),
    counted: counted(
      `merchant_id, (created_at at time zone 'UTC')::date, status, currency_code, blocked, tags <> '{}'`,
    ),
  },
  hourly: {
    rollup: rolledUp('transaction_hourly', `merchant_id, ${UTC_HOUR('hour')}, status, processor_id`),
    counted: counted(`merchant_id, ${UTC_HOUR('created_at')}, status, coalesce(processor_id, '')`),
  },
  monthly: {
    rollup: rolledUp('transaction_monthly', 'merchant_id, month, status'),
    counted: counted(`merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, status`),
  },
  localDaily: {
    rollup: rolledUp('transaction_local_daily', 'merchant_id, day, status, payment_product_type'),
    counted: counted(`merchant_id, (${LOCAL})::date, status, payment_product_type`),
  },
  countryDaily: {
    rollup: rolledUp('transaction_country_daily', 'merchant_id, day, status, country_code, card_brand'),
    counted: counted(
      `merchant_id, (created_at at time zone 'UTC')::date, status, coalesce(country_code, ''), coalesce(card_brand, '')`,
    ),
  },
  countryHourly: {
    rollup: rolledUp('transaction_country_hourly', `merchant_id, ${UTC_HOUR('hour')}, status, country_code`),
    counted: counted(`merchant_id, ${UTC_HOUR('created_at')}, status, coalesce(country_code, '')`),
  },
  countryMonthly: {
    rollup: rolledUp('transaction_country_monthly', 'merchant_id, month, status, card_brand, blocked'),
    counted: counted(
      `merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, status, coalesce(card_brand, ''), blocked`,
    ),
  },
  localDailyTotals: {
    rollup: rolledUp('transaction_local_daily_totals', 'merchant_id, day, currency_code, blocked'),
    counted: counted(`merchant_id, (${LOCAL})::date, currency_code, blocked`),
  },
  hourlyTotals: {
    rollup: rolledUp('transaction_hourly_totals', `merchant_id, ${UTC_HOUR('hour')}, organisation_id, blocked`),
    counted: counted(`merchant_id, ${UTC_HOUR('created_at')}, organisation_id, blocked`),
  },
  localCells: {
    rollup: rolledUp(
      'transaction_local_cells_monthly',
      `merchant_id, to_char(month, 'YYYY-MM'), isodow, local_hour, blocked`,
    ),
    counted: counted(
      `merchant_id, to_char(${LOCAL}, 'YYYY-MM'), to_char(${LOCAL}, 'FMID'), to_char(${LOCAL}, 'FMHH24'), blocked`,
    ),
  },
  client: {
    rollup: rolledUp('transaction_client_daily', 'merchant_id, day, kind, status, value'),
    counted: sql`select concat_ws('/', merchant_id, (created_at at time zone 'UTC')::date, k.kind, status, coalesce(k.value, '')) as key,
      count(*)::text as count, sum(amount)::text as volume from transaction
      cross join lateral (values ('platform', platform), ('browser', browser), ('issuer', issuer), ('issuer_country', issuer_country)) k(kind, value)
      where mode = 'live' group by 1`,
  },
  clientMonthly: {
    rollup: rolledUp('transaction_client_monthly', 'merchant_id, month, kind, value, blocked'),
    counted: sql`select concat_ws('/', merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, k.kind, coalesce(k.value, ''), blocked) as key,
      count(*)::text as count, sum(amount)::text as volume from transaction
      cross join lateral (values ('platform', platform), ('browser', browser), ('issuer', issuer), ('issuer_country', issuer_country)) k(kind, value)
      where mode = 'live' group by 1`,
  },
  customer: {
    rollup: rolledUp('customer_totals', 'merchant_id, customer_id, currency_code'),
    counted: counted('merchant_id, customer_id, currency_code', 'and customer_id is not null'),
  },
  customerMonthly: {
    rollup: rolledUp('customer_monthly', 'merchant_id, customer_id, month, currency_code'),
    counted: counted(
      `merchant_id, customer_id, date_trunc('month', created_at at time zone 'UTC')::date, currency_code`,
      `and customer_id is not null and ${TAKEN}`,
    ),
  },
  merchantRevenue: {
    rollup: rolledUp('merchant_revenue_daily', 'merchant_id, day, currency_code'),
    counted: counted(
      `merchant_id, (created_at at time zone 'UTC')::date, currency_code`,
      `and ${TAKEN} and not blocked`,
    ),
  },
};

const snapshot = async () => {
  const out: Record<string, { rollup: Figures; counted: Figures }> = {};
  for (const [name, q] of Object.entries(ROLLUPS))
    out[name] = { rollup: await figures(q.rollup), counted: await figures(q.counted) };
  return out;
};

/** Every rollup changes by exactly what a count of the payments changes by (and each changes). */
const expectRollupsFollow = async (change: () => Promise<unknown>) => {
  const before = await snapshot();
  await change();
  const after = await snapshot();
  for (const name of Object.keys(ROLLUPS)) {
    const counted = delta(before[name].counted, after[name].counted);
    expect(Object.keys(counted).length, name).toBeGreaterThan(0);
    expect(delta(before[name].rollup, after[name].rollup), name).toEqual(counted);
  }
};

describe('rollups kept by the statement triggers (migration 0154, generated from rollups.ts)', () => {
  const customers = ['cus_delta_a', 'cus_delta_b'];
  const ids: string[] = [];

  it('count the payments a statement inserts', async () => {
    for (const id of customers)
      await db.query(
        sql`insert into customer (id, organisation_id, merchant_id, status) values (${id}, ${world.shopA.id}, ${world.shopA.merchantId}, 'VERIFIED')`,
      );
    await expectRollupsFollow(async () => {
      for (let i = 0; i < 12; i++)
        ids.push(
          await insertTestTransaction(db, i % 3 ? world.shopA : world.shopB, i % 3 ? world.profileA : world.profileB, {
            status: 'SETTLEMENT_REQUESTED',
            amount: 1000 + i,
            customerId: i % 3 ? customers[i % 2] : undefined,
          }),
        );
      await db.query(
        sql`update transaction set platform = 'ios', browser = 'safari', issuer_country = 'NL', country_code = 'NL', card_brand = 'visa'
          where id = any(${ids.slice(0, 5)})`,
      );
    });
  });

  it('change by exactly what one bulk update changed (status moved, an amount corrected, a customer and a country changed, a test row left out)', async () => {
    await db.query(sql`update transaction set mode = 'test' where id = ${ids[11]}`);
    // One statement: ten payments settled, one with a corrected amount, one moved to the other
    // customer, one blocked, one to another country; one left as it was.
    await expectRollupsFollow(() =>
      db.query(sql`update transaction set status = case when id = ${ids[10]} then status else 'SETTLEMENT_COMPLETED' end,
        amount = case when id = ${ids[4]} then 555 else amount end,
        customer_id = case when id = ${ids[2]} then ${customers[1]} else customer_id end,
        blocked = (id = ${ids[5]}),
        country_code = case when id = ${ids[1]} then 'BE' else country_code end,
        card_brand = case when id = ${ids[3]} then 'mastercard' else card_brand end,
        platform = case when id = ${ids[7]} then 'android' else platform end,
        updated_at = now() where id = any(${ids})`),
    );
  });

  it('take out the payments a statement deletes', async () => {
    await expectRollupsFollow(() => db.query(sql`delete from transaction where id = any(${ids.slice(0, 11)})`));
  });

  it('leave every rollup as it was when no counted column changed', async () => {
    const id = await insertTestTransaction(db, world.shopA, world.profileA, { status: 'SETTLEMENT_REQUESTED' });
    const before = await Promise.all(Object.values(ROLLUPS).map((q) => figures(q.rollup)));
    await db.query(sql`update transaction set status_reason = 'looked at', updated_at = now() where id = ${id}`);
    expect(await Promise.all(Object.values(ROLLUPS).map((q) => figures(q.rollup)))).toEqual(before);
  });

  it('are what a rebuild from the live payments gives (clearing the rollups cache; the test payment left out)', async () => {
    expect(await db.query(sql`select id from transaction where mode = 'test'`)).toEqual([{ id: ids[11] }]);
    const kept = await snapshot();
    await db.transaction((tx) => rebuildRollups(tx));
    const rebuilt = await snapshot();
    for (const name of Object.keys(ROLLUPS)) {
      expect(rebuilt[name].rollup, name).toEqual(kept[name].rollup);
      expect(rebuilt[name].rollup, name).toEqual(kept[name].counted);
    }
  });
});

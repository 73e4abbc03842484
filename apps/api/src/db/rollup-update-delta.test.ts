// Runs on both engines: issue 34 asks for its bulk settlement on PGlite and PostgreSQL (migration 0150).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { createTestWorld, insertTestTransaction, type TestWorld } from '../test/world.ts';

/**
 * Migration 0150: a rollup trigger's update branch adds the delta of the changed rows straight
 * from the statement's transition tables. After one bulk update (a settlement file's status move,
 * an amount corrected, a test row among them) every status rollup changed by exactly what a count
 * of the payments themselves changed by.
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

const ROLLUPS = {
  daily: {
    rollup: sql`select concat_ws('/', merchant_id, day, status, currency_code, blocked, tagged) as key, sum(count)::text as count, sum(volume)::text as volume
      from transaction_daily group by 1`,
    counted: sql`select concat_ws('/', merchant_id, (created_at at time zone 'UTC')::date, status, currency_code, blocked, tags <> '{}') as key,
      count(*)::text as count, sum(amount)::text as volume from transaction where mode = 'live' group by 1`,
  },
  monthly: {
    rollup: sql`select concat_ws('/', merchant_id, month, status) as key, sum(count)::text as count, sum(volume)::text as volume from transaction_monthly group by 1`,
    counted: sql`select concat_ws('/', merchant_id, date_trunc('month', created_at at time zone 'UTC')::date, status) as key,
      count(*)::text as count, sum(amount)::text as volume from transaction where mode = 'live' group by 1`,
  },
  client: {
    rollup: sql`select concat_ws('/', merchant_id, day, kind, status, value) as key, sum(count)::text as count, sum(volume)::text as volume
      from transaction_client_daily group by 1`,
    counted: sql`select concat_ws('/', merchant_id, (created_at at time zone 'UTC')::date, k.kind, status, coalesce(k.value, '')) as key,
      count(*)::text as count, sum(amount)::text as volume from transaction
      cross join lateral (values ('platform', platform), ('browser', browser), ('issuer', issuer), ('issuer_country', issuer_country)) k(kind, value)
      where mode = 'live' group by 1`,
  },
  customer: {
    rollup: sql`select concat_ws('/', merchant_id, customer_id, currency_code) as key, sum(count)::text as count, sum(volume)::text as volume
      from customer_totals group by 1`,
    counted: sql`select concat_ws('/', merchant_id, customer_id, currency_code) as key, count(*)::text as count, sum(amount)::text as volume
      from transaction where mode = 'live' and customer_id is not null group by 1`,
  },
};

describe('rollups after one bulk update of many payments', () => {
  it('change by exactly what the payments changed (status moved, an amount corrected, a test row left out)', async () => {
    const customers = ['cus_delta_a', 'cus_delta_b'];
    for (const id of customers)
      await db.query(
        sql`insert into customer (id, organisation_id, merchant_id, status) values (${id}, ${world.shopA.id}, ${world.shopA.merchantId}, 'VERIFIED')`,
      );
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await insertTestTransaction(db, i % 3 ? world.shopA : world.shopB, i % 3 ? world.profileA : world.profileB, {
          status: 'SETTLEMENT_REQUESTED',
          amount: 1000 + i,
          customerId: i % 3 ? customers[i % 2] : undefined,
        }),
      );
    await db.query(
      sql`update transaction set platform = 'ios', browser = 'safari', issuer_country = 'NL' where id = any(${ids.slice(0, 5)})`,
    );
    await db.query(sql`update transaction set mode = 'test' where id = ${ids[11]}`);
    const before = Object.fromEntries(
      await Promise.all(
        Object.entries(ROLLUPS).map(async ([name, q]) => [
          name,
          { rollup: await figures(q.rollup), counted: await figures(q.counted) },
        ]),
      ),
    );
    // One statement: ten payments settled, one of them with a corrected amount; one left as it was.
    await db.query(sql`update transaction set status = case when id = ${ids[10]} then status else 'SETTLEMENT_COMPLETED' end,
      amount = case when id = ${ids[4]} then 555 else amount end, updated_at = now() where id = any(${ids})`);
    for (const [name, q] of Object.entries(ROLLUPS)) {
      const counted = delta(before[name].counted, await figures(q.counted));
      expect(Object.keys(counted).length, name).toBeGreaterThan(0);
      expect(delta(before[name].rollup, await figures(q.rollup)), name).toEqual(counted);
    }
  });

  it('leave every rollup as it was when no counted column changed', async () => {
    const id = await insertTestTransaction(db, world.shopA, world.profileA, { status: 'SETTLEMENT_REQUESTED' });
    const before = await Promise.all(Object.values(ROLLUPS).map((q) => figures(q.rollup)));
    await db.query(sql`update transaction set status_reason = 'looked at', updated_at = now() where id = ${id}`);
    expect(await Promise.all(Object.values(ROLLUPS).map((q) => figures(q.rollup)))).toEqual(before);
  });
});

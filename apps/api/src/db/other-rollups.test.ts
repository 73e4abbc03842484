import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { seeded } from '../test/seeded.ts';
import { createTestWorld, insertTestTransaction, type TestWorld } from '../test/world.ts';
import { heldAndCounted } from '../test/rollups.ts';
import { OTHER_ROLLUPS } from './rollups.ts';

/**
 * The customer and refund rollups of `OTHER_ROLLUPS` (migrations 0159 and 0160) stay equal to an
 * aggregate of their live rows, generated from the same declaration, through single and bulk
 * inserts, moves in time, between organisations and statuses, amount corrections, test-mode rows
 * and deletes.
 */
let db: Db;
let world: TestWorld;
const HOUR = 3_600_000;
const { random, pick } = seeded(11);

/** The rollup against an aggregate of its table. */
const compare = (table: string) =>
  heldAndCounted(
    db,
    OTHER_ROLLUPS.find((r) => r.table === table)!,
  );

beforeAll(async () => {
  db = await openTestDb();
  world = await createTestWorld(db);
  const now = Date.now();
  const orgs = [world.shopA, world.shopASub, world.shopB];
  const customers = Array.from({ length: 120 }, () => {
    const org = pick(orgs);
    return {
      id: newId('cus'),
      organisation_id: org.id,
      merchant_id: org.merchantId,
      created_at: new Date(now - Math.floor(random() * 72 * HOUR)).toISOString(),
      mode: random() < 0.1 ? 'test' : 'live',
      status: pick(['VERIFIED', 'UNVERIFIED']),
    };
  });
  await db.query(sql`insert into customer (id, organisation_id, merchant_id, created_at, mode, status)
    select r.id, r.organisation_id, r.merchant_id, r.created_at, r.mode, r.status
    from jsonb_to_recordset(${JSON.stringify(customers.slice(0, 100))}::jsonb)
      as r(id text, organisation_id text, merchant_id text, created_at timestamptz, mode text, status text)`);
  for (const c of customers.slice(100))
    await db.query(sql`insert into customer (id, organisation_id, merchant_id, created_at, mode, status)
      values (${c.id}, ${c.organisation_id}, ${c.merchant_id}, ${c.created_at}, ${c.mode}, ${c.status})`);

  const payment = await insertTestTransaction(db, world.shopA, world.profileA, { amount: 90_000 });
  for (let i = 0; i < 60; i++) {
    const org = pick(orgs);
    await db.query(sql`insert into refund (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, mode, created_at)
      values (${newId('ref')}, ${org.id}, ${org.merchantId}, ${payment}, ${world.profileA}, ${1 + Math.floor(random() * 500)},
        ${pick(['EUR', 'GBP'])}, ${pick(['REFUNDED', 'PENDING'])}, ${random() < 0.1 ? 'test' : 'live'},
        ${new Date(now - Math.floor(random() * 72 * HOUR))})`);
  }
});
afterAll(() => db.close());

describe('the customer and refund hourly rollups', () => {
  it('count what was inserted, one row or many at a time', async () => {
    for (const table of ['customer_hourly', 'refund_hourly']) {
      const { held, counted } = await compare(table);
      expect(counted.length, table).toBeGreaterThan(10);
      expect(held, table).toEqual(counted);
    }
  });

  it('follow moves in time, between organisations and statuses, corrections, test mode and deletes', async () => {
    await db.query(
      sql`update customer set created_at = created_at - interval '90 minutes' where id in (select id from customer order by id limit 30)`,
    );
    await db.query(
      sql`update customer set organisation_id = ${world.shopASub.id}, status = 'BLOCKED' where organisation_id = ${world.shopA.id} and id in (select id from customer order by id desc limit 40)`,
    );
    await db.query(
      sql`update customer set mode = 'test' where id in (select id from customer order by created_at limit 5)`,
    );
    await db.query(sql`delete from customer where id in (select id from customer order by created_at desc limit 10)`);
    await db.query(sql`update customer set segment = 'champions'`);
    await db.query(sql`update refund set status = 'REFUNDED', amount = amount + 1 where status = 'PENDING'`);
    await db.query(
      sql`update refund set created_at = created_at + interval '2 hours', currency_code = 'EUR' where id in (select id from refund order by id limit 15)`,
    );
    await db.query(sql`delete from refund where id in (select id from refund order by amount limit 8)`);
    for (const table of ['customer_hourly', 'refund_hourly']) {
      const { held, counted } = await compare(table);
      expect(held, table).toEqual(counted);
    }
  });
});

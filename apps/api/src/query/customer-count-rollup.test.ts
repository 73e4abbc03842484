import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TListQuery } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { customerEntity } from '../modules/payments/customer.entity.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { recording } from '../test/recording.ts';
import { createTestWorld, type TestWorld } from '../test/world.ts';
import { countEntity } from './repository.ts';
import type { Scope } from './scope.ts';
import { seeded } from '../test/seeded.ts';

// The customers screen's first count (created in the last month) from the customer_daily rollup
// (migration 0158): whole days from the rollup, the edge days from the rows, equal to a count of
// the rows after inserts, moves in time, test-mode rows, deletes and a bulk rewrite like the RFM job's.
let t: TestApp;
let world: TestWorld;
const DAY = 86_400_000;
const { random, pick } = seeded(7);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const now = Date.now();
  const rows = Array.from({ length: 400 }, () => {
    const org = pick([world.shopA, world.shopASub, world.shopB]);
    return {
      id: newId('cus'),
      organisation_id: org.id,
      merchant_id: org.merchantId,
      created_at: new Date(now - Math.floor(random() * 45 * DAY)).toISOString(),
      mode: random() < 0.1 ? 'test' : 'live',
    };
  });
  // One statement for many rows, and single rows: the trigger groups either.
  await t.db.query(sql`insert into customer (id, organisation_id, merchant_id, created_at, mode, status)
    select r.id, r.organisation_id, r.merchant_id, r.created_at, r.mode, 'VERIFIED'
    from jsonb_to_recordset(${JSON.stringify(rows.slice(0, 300))}::jsonb)
      as r(id text, organisation_id text, merchant_id text, created_at timestamptz, mode text)`);
  for (const r of rows.slice(300))
    await t.db.query(sql`insert into customer (id, organisation_id, merchant_id, created_at, mode, status)
      values (${r.id}, ${r.organisation_id}, ${r.merchant_id}, ${r.created_at}, ${r.mode}, 'VERIFIED')`);
  // Moved in time and between organisations of one merchant, removed, and rewritten without a change.
  await t.db.query(
    sql`update customer set created_at = created_at - interval '3 days' where id in (select id from customer order by id limit 40)`,
  );
  await t.db.query(
    sql`update customer set organisation_id = ${world.shopASub.id} where organisation_id = ${world.shopA.id} and id in (select id from customer order by id desc limit 60)`,
  );
  await t.db.query(sql`delete from customer where id in (select id from customer order by created_at limit 15)`);
  await t.db.query(sql`update customer set segment = 'champions'`);
});
afterAll(() => t.close());

const scopes = (): Scope[] => [
  { kind: 'all' },
  { kind: 'merchant', merchantId: world.shopA.id, orgPath: world.shopA.path },
  { kind: 'merchant', merchantId: world.shopB.id, orgPath: world.shopB.path },
  { kind: 'orgs', orgIds: [world.shopASub.id], orgPath: world.shopASub.path },
];

describe('customer counts by time', () => {
  it('equal a count of the rows for random ranges, scopes and organisation filters', async () => {
    let fromRollup = 0;
    for (let i = 0; i < 120; i++) {
      const now = Date.now();
      const query: TListQuery = {};
      if (random() < 0.9) query['created_at>'] = new Date(now - Math.floor(random() * 40 * DAY)).toISOString();
      if (random() < 0.3) query['created_at<'] = new Date(now - Math.floor(random() * 10 * DAY)).toISOString();
      if (random() < 0.15) query['created_at>'] = new Date(Math.floor((now - 20 * DAY) / DAY) * DAY).toISOString();
      if (random() < 0.2) query.organisation = pick([world.shopA.id, world.shopASub.id, world.shopB.id]);
      const scope = pick(scopes());
      const real = await countEntity(t.db, customerEntity, scope, query, { useRollup: false });
      const { db, sent } = recording(t.db);
      const counted = await countEntity(db, customerEntity, scope, query);
      expect({ query, scope, count: counted }).toEqual({ query, scope, count: real });
      if (sent.some((statement) => statement.text.includes('customer_daily'))) fromRollup++;
    }
    expect(fromRollup).toBeGreaterThan(80);
  });

  it("answers the screen's first count from the rollup in one statement, and a filtered count from the rows", async () => {
    const scope = scopes()[1];
    const month = { 'created_at>': new Date(Date.now() - 30 * DAY).toISOString() };
    const { db, sent } = recording(t.db);
    expect(await countEntity(db, customerEntity, scope, month)).toBe(
      await countEntity(t.db, customerEntity, scope, month, { useRollup: false }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('from customer_daily e');
    const filtered = recording(t.db);
    await countEntity(filtered.db, customerEntity, scope, { ...month, status: 'VERIFIED' });
    expect(filtered.sent.some((statement) => statement.text.includes('customer_daily'))).toBe(false);
  });

  it("keeps the statistics' customer_local_daily to live customers too, equal to a full aggregate", async () => {
    const [diff] = await t.db.query<{ n: number }>(sql`
      select count(*)::int as n from (
        (select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date as day, status, count(*) as count
          from customer where mode = 'live' group by 1, 2, 3, 4
         except select merchant_id, organisation_id, day, status, count from customer_local_daily where count <> 0)
        union all
        (select merchant_id, organisation_id, day, status, count from customer_local_daily where count <> 0
         except select merchant_id, organisation_id, (created_at at time zone 'Europe/Amsterdam')::date, status, count(*)
          from customer where mode = 'live' group by 1, 2, 3, 4)
      ) mismatch`);
    expect(diff.n).toBe(0);
  });

  it('holds live customers of merchants only, equal to a full aggregate of the table', async () => {
    const [diff] = await t.db.query<{ n: number }>(sql`
      select count(*)::int as n from (
        (select merchant_id, organisation_id, (created_at at time zone 'UTC')::date as day, count(*) as count
          from customer where mode = 'live' and merchant_id <> '' group by 1, 2, 3
         except select merchant_id, organisation_id, day, count from customer_daily where count <> 0)
        union all
        (select merchant_id, organisation_id, day, count from customer_daily where count <> 0
         except select merchant_id, organisation_id, (created_at at time zone 'UTC')::date, count(*)
          from customer where mode = 'live' and merchant_id <> '' group by 1, 2, 3)
      ) mismatch`);
    expect(diff.n).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { createDemoRecurring, type RecurringCounts } from './recurring.ts';
import { generateDemoWorld } from './world.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);
let db: Db;
let counts: RecurringCounts | undefined;

beforeAll(async () => {
  db = await openTestDb();
  await generateDemoWorld(db, { seed: 11, scale: 1500, now: NOW });
  counts = await createDemoRecurring(db, { seed: 11, now: NOW });
}, 240_000);
afterAll(() => db.close());

describe('demo recurring billing', () => {
  it('gives every merchant plans, discounts and subscriptions in every status', async () => {
    expect(counts?.plans).toBeGreaterThanOrEqual(25);
    expect(counts?.subscriptions).toBeGreaterThanOrEqual(80);
    expect(counts?.charges).toBeGreaterThan(200);
    const statuses = await db.query<{ status: string }>(sql`select distinct status from subscription order by status`);
    expect(statuses.map((s) => s.status)).toEqual([
      'ACTIVE',
      'CANCELLED',
      'COMPLETED',
      'CREATED',
      'EXPIRED',
      'PAST_DUE',
    ]);
    const recovered = await db.query(sql`select s.id from subscription s where s.status = 'ACTIVE'
      and exists (select 1 from transaction t where t.subscription_id = s.id and t.status = 'DECLINED')`);
    expect(recovered.length).toBeGreaterThan(0);
  });

  it('has one successful charge per paid cycle, dated in the past, with discounts taken off', async () => {
    const [row] = await db.query<{
      mismatched: number;
      future: number;
      discounted: number;
      doubled: number;
      early: number;
    }>(sql`select
      (select count(*)::int from subscription s where coalesce(s.last_paid_cycle, 0) <>
        (select count(*) from transaction t where t.subscription_id = s.id and t.status = 'SETTLEMENT_REQUESTED')) as mismatched,
      (select count(*)::int from transaction where subscription_id is not null and created_at > ${new Date(NOW)}) as future,
      (select count(*)::int from subscription_cycle_charge where discount_amount > 0) as discounted,
      (select count(*)::int from (select subscription_id, subscription_cycle from transaction where subscription_id is not null
        and status = 'SETTLEMENT_REQUESTED' group by 1, 2 having count(*) > 1) d) as doubled,
      (select count(*)::int from subscription s join customer c on c.id = s.customer_id where c.created_at > s.start_date) as early`);
    expect(row).toMatchObject({ mismatched: 0, future: 0, doubled: 0, early: 0 });
    expect(row.discounted).toBeGreaterThan(5);
  });

  it('is created once: a second call changes nothing', async () => {
    const before = await db.query(sql`select count(*)::int as n from subscription`);
    expect(await createDemoRecurring(db, { seed: 11, now: NOW })).toBeUndefined();
    expect(await db.query(sql`select count(*)::int as n from subscription`)).toEqual(before);
  });
});

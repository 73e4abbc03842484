import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PRODUCTS, STATISTICS_TIME_ZONE, statusVocabularies, type TListQuery } from '@kassa/domain';
import { zoneClock } from '../lib/zone-clock.ts';
import { transactionEntity } from '../modules/payments/transaction.entity.ts';
import { sql } from '../plugins/db/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { recording } from '../test/recording.ts';
import { createTestWorld, insertTestTransaction, type TestWorld } from '../test/world.ts';
import type { RollupDef } from './entity.ts';
import { countEntity } from './repository.ts';
import { countFromRollup } from './rollup-count.ts';
import type { Scope } from './scope.ts';
import { seeded } from '../test/seeded.ts';

let t: TestApp;
let world: TestWorld;
const DAY = 86_400_000;
const { random, pick } = seeded(42);

beforeAll(async () => {
  t = await createTestApp();
  world = await createTestWorld(t.db);
  const now = Date.now();
  for (let i = 0; i < 300; i++) {
    const [org, profile] = pick([
      [world.shopA, world.profileA],
      [world.shopASub, world.profileASub],
      [world.shopB, world.profileB],
    ] as const);
    await insertTestTransaction(t.db, org, profile, {
      amount: 100 + Math.floor(random() * 100_000),
      status: pick(statusVocabularies.transaction.values),
      product: pick(PAYMENT_PRODUCTS),
      createdAt: new Date(now - Math.floor(random() * 40 * DAY)),
      tags: random() < 0.1 ? ['vip'] : [],
      blocked: random() < 0.05,
    });
  }
  // Changes after insert: status moves, blocking, refunds, deletes, a bulk update.
  await t.db.query(
    sql`update transaction set status = 'DECLINED' where id in (select id from transaction order by id limit 20)`,
  );
  await t.db.query(sql`update transaction set blocked = true where status = 'FAILED'`);
  await t.db.query(sql`update transaction set refunded_amount = amount / 2 where status = 'SETTLEMENT_COMPLETED'`);
  await t.db.query(
    sql`update transaction set tags = '{fraud}' where id in (select id from transaction order by id desc limit 7)`,
  );
  await t.db.query(sql`delete from transaction where id in (select id from transaction order by amount limit 5)`);
});
afterAll(() => t.close());

const scopes = (): Scope[] => [
  { kind: 'all' },
  { kind: 'merchant', merchantId: world.shopA.id, orgPath: world.shopA.path },
  { kind: 'orgs', orgIds: [world.shopASub.id], orgPath: world.shopASub.path },
];

const randomQuery = (): TListQuery => {
  const query: TListQuery = {};
  const now = Date.now();
  if (random() < 0.8) query['created_at>'] = new Date(now - Math.floor(random() * 35 * DAY)).toISOString();
  if (random() < 0.3) query['created_at<'] = new Date(now - Math.floor(random() * 10 * DAY)).toISOString();
  if (random() < 0.15) query['created_at>'] = new Date(Math.floor((now - 20 * DAY) / DAY) * DAY).toISOString();
  // Local midnights of the narrow rollup's zone, and the last instant of a local day.
  const amsterdam = zoneClock(STATISTICS_TIME_ZONE);
  const localDay = (ago: number) => amsterdam.localMidnight(amsterdam.localDate(now - ago * DAY));
  if (random() < 0.15) query['created_at>'] = new Date(localDay(Math.floor(random() * 30))).toISOString();
  if (random() < 0.1) query['created_at<'] = new Date(localDay(Math.floor(random() * 5)) - 1).toISOString();
  if (random() < 0.4)
    query['status[]'] = [pick(statusVocabularies.transaction.values), pick(statusVocabularies.transaction.values)];
  else if (random() < 0.3) query.status = pick(statusVocabularies.transaction.values);
  if (random() < 0.3) query.payment_product_type = pick(PAYMENT_PRODUCTS);
  if (random() < 0.3) query.type = pick(['DEFAULT', 'TAGGED', 'BLOCKED', 'MISSED', 'DECLINED']);
  if (random() < 0.1) query.blocked = 'true';
  if (random() < 0.2) query.organisation = pick([world.shopA.id, world.shopASub.id, world.shopB.id]);
  return query;
};

describe('rollup counts', () => {
  it('equal the real counts for random filters after inserts, refunds, status changes and deletes', async () => {
    let answeredFromRollup = 0;
    let answeredFromTotals = 0;
    const rollup = transactionEntity.rollup as RollupDef;
    for (let i = 0; i < 200; i++) {
      const query = randomQuery();
      const scope = pick(scopes());
      const real = await countEntity(t.db, transactionEntity, scope, query, { useRollup: false });
      // The wide rollup alone (UTC days), and with the narrow one (Amsterdam days) where it can answer.
      const fromWide = await countFromRollup(t.db, transactionEntity, { ...rollup, totals: undefined }, scope, query);
      const { db, sent } = recording(t.db);
      const fromRollup = await countFromRollup(db, transactionEntity, rollup, scope, query);
      expect(fromRollup === null).toBe(fromWide === null);
      if (fromRollup === null) continue;
      expect({ query, scope: scope.kind, count: fromRollup }).toEqual({ query, scope: scope.kind, count: real });
      expect({ query, scope: scope.kind, count: fromWide }).toEqual({ query, scope: scope.kind, count: real });
      answeredFromRollup++;
      if (sent.some((statement) => statement.text.includes('transaction_local_daily_totals'))) answeredFromTotals++;
    }
    // Most random queries are answerable from the rollups, a good share from the narrow one; the
    // rest fell back to the rows.
    expect(answeredFromRollup).toBeGreaterThan(130);
    expect(answeredFromTotals).toBeGreaterThan(25);
  });

  it('answers the transactions screen’s first count from the narrow rollup in one statement', async () => {
    const { db, sent } = recording(t.db);
    const query = { 'created_at>': new Date(Date.now() - 30 * DAY).toISOString() };
    const scope = scopes()[1];
    expect(await countEntity(db, transactionEntity, scope, query)).toBe(
      await countEntity(t.db, transactionEntity, scope, query, { useRollup: false }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('from transaction_local_daily_totals e');
  });

  it('keeps the rollup equal to a full aggregate of the table', async () => {
    const [diff] = await t.db.query<{ n: number }>(sql`
      select count(*)::int as n from (
        select merchant_id, organisation_id, (created_at at time zone 'UTC')::date as day, status, count(*) as count, sum(amount) as volume
        from transaction group by 1, 2, 3, 4
        except
        select merchant_id, organisation_id, day, status, sum(count), sum(volume)
        from transaction_daily group by 1, 2, 3, 4 having sum(count) <> 0
      ) mismatch`);
    expect(diff.n).toBe(0);
  });

  it('still refuses bad filter values on the rollup path', async () => {
    await expect(countEntity(t.db, transactionEntity, { kind: 'all' }, { status: 'NOPE' })).rejects.toThrow(
      /status must be one of/,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoWorld } from '../demo/world.ts';
import { chargebackEntity } from '../modules/payments/chargeback.entity.ts';
import { customerEntity } from '../modules/payments/customer.entity.ts';
import { refundEntity } from '../modules/payments/refund.entity.ts';
import { transactionEntity } from '../modules/payments/transaction.entity.ts';
import { scopeFor } from '../plugins/auth-context.ts';
import { sql, type Db, type Queryable } from '../plugins/db/index.ts';
import { openTestDb, testEngine } from '../test/engine.ts';
import { recording } from '../test/recording.ts';
import type { EntityDef } from './entity.ts';
import { countEntity, getEntity, listEntity } from './repository.ts';
import type { Scope } from './scope.ts';

// Lists, counts and details whose best plan does not depend on the values keep one generic plan
// per connection (docs/decisions.md, "Prepared list and count statements"); every other shape is
// planned for its values, as a generic plan of it can be a hundred times slower for some tenants.
let db: Db;
let merchant: Scope;
let otherMerchant: Scope;
let sub: Scope;
const since = '2026-10-20T00:00:00.000Z';
beforeAll(async () => {
  db = await openTestDb();
  await generateDemoWorld(db, { seed: 11, scale: 400, now: Date.UTC(2026, 10, 20, 14, 30) });
  const merchants = await db.query<{ id: string; type: string; path: string }>(
    sql`select id, type, path from organisation where type = 'merchant' order by id limit 2`,
  );
  merchant = await scopeFor(db, merchants[0]);
  otherMerchant = await scopeFor(db, merchants[1]);
  const [org] = await db.query<{ id: string; type: string; path: string }>(
    sql`select id, type, path from organisation where type = 'sub' order by id limit 1`,
  );
  sub = await scopeFor(db, org);
  // A world this small has few refunds and no chargebacks: some for each merchant's latest payments.
  for (const table of ['refund', 'chargeback']) {
    await db.query(sql`insert into ${sql.raw(table)} (id, organisation_id, merchant_id, transaction_id, payment_profile_id, amount, currency_code, status, created_at)
      select ${`${table}_gp_`} || t.id, t.organisation_id, t.merchant_id, t.id, t.payment_profile_id, 100, t.currency_code,
        ${table === 'refund' ? 'PROCESSED' : 'OPEN'}, t.created_at + interval '1 hour'
      from (select t.*, row_number() over (partition by t.merchant_id order by t.created_at desc) as n
        from transaction t where t.status = 'SETTLEMENT_COMPLETED' and t.created_at > ${since}) t
      where t.n <= 30`);
  }
}, 180_000);
afterAll(() => db.close());

/** The same database answering every statement unprepared. */
const unprepared: Queryable = {
  query: (statement) => db.query({ text: statement.text, values: statement.values }),
  exec: (text) => db.exec(text),
};

/** The entities whose first pages keep a generic plan, with the relations their list screens show. */
const PREPARED: [EntityDef, string][] = [
  [transactionEntity, 'customer processor'],
  [refundEntity, 'transaction payment_profile'],
  [chargebackEntity, 'transaction payment_profile processor'],
  [customerEntity, ''],
];

describe('generic plans for time-ordered pages', () => {
  it('prepares the screen’s first list, its count and the detail for one merchant and for the provider', async () => {
    for (const [entity, populate] of PREPARED) {
      for (const scope of [merchant, { kind: 'all' } as Scope]) {
        const { sent, db: queryable } = recording(db);
        await listEntity(queryable, entity, scope, {
          _populate: populate,
          'created_at>': since,
          _sort: '-created_at',
        });
        await countEntity(queryable, entity, scope, { 'created_at>': '2026-10-20T10:30:00.000Z' });
        const [first] = await listEntity(db, entity, scope, { _limit: '1' });
        await getEntity(queryable, entity, scope, String(first.id), { _populate: populate });
        // The list, the count (its whole days from the rollup and its first day from the rows in one
        // statement) and the detail.
        expect(sent).toHaveLength(3);
        for (const statement of sent) {
          expect(statement.plan).toBe('generic');
          expect(statement.name).toMatch(/^kq_/);
          // No value in the text: the page size is the only literal, and it is part of the shape.
          expect(statement.text).not.toContain(since);
        }
      }
    }
  });

  it('plans every other shape for its values: sets of organisations, filters, search, other sorts', async () => {
    const shapes: [Scope, Record<string, string | string[]>][] = [
      [sub, { 'created_at>': since }],
      [merchant, { 'created_at>': since, 'status[]': ['DECLINED'] }],
      [merchant, { 'created_at>': since, _search: 'x' }],
      [merchant, { _sort: '-amount' }],
      [{ kind: 'all' }, { organisation: merchant.kind === 'merchant' ? merchant.merchantId : '' }],
    ];
    for (const [scope, query] of shapes) {
      const { sent, db: queryable } = recording(db);
      await listEntity(queryable, transactionEntity, scope, query);
      // A count has no order: by merchant alone it is the safe shape of the first test.
      if (!query._sort) await countEntity(queryable, transactionEntity, scope, query);
      const planned = sent.filter((statement) => statement.plan === 'generic');
      expect(planned.map((statement) => statement.text)).toEqual([]);
    }
  });

  it.runIf(testEngine() === 'postgresql')('never JIT-compiles on the prepared connections', async () => {
    // A generic plan costed above jit_above_cost was compiled again at every execution.
    const [row] = await db.query<{ jit: string; mode: string }>(
      sql.prepared(
        'kq_settings_check',
        sql`select current_setting('jit') as jit, current_setting('plan_cache_mode') as mode`,
        'generic',
      ),
    );
    expect(row).toEqual({ jit: 'off', mode: 'force_generic_plan' });
  });

  it('answers on the prepared connections exactly what the same statements answer unprepared', async () => {
    for (const [entity, populate] of PREPARED) {
      for (const scope of [merchant, otherMerchant, { kind: 'all' } as Scope, merchant]) {
        for (const skip of ['0', '25', '50']) {
          // From earlier on: the test world has few refunds and chargebacks in the last month.
          const query = { _populate: populate, 'created_at>': '2026-05-01T00:00:00.000Z', _skip: skip };
          const prepared = await listEntity(db, entity, scope, query);
          expect(prepared).toEqual(await listEntity(unprepared, entity, scope, query));
          expect(await countEntity(db, entity, scope, query)).toBe(await countEntity(unprepared, entity, scope, query));
        }
      }
    }
    // The provider's pages carry the condition of the partial time index and lose no row by it.
    const [all] = await db.query<{ refunds: number; chargebacks: number; customers: number }>(
      sql`select (select count(*)::int from refund) as refunds, (select count(*)::int from chargeback) as chargebacks,
        (select count(*)::int from customer) as customers`,
    );
    expect(all.refunds).toBeGreaterThan(0);
    expect(all.chargebacks).toBeGreaterThan(0);
    expect(all.customers).toBeGreaterThan(0);
    expect(await countEntity(db, refundEntity, { kind: 'all' }, {})).toBe(all.refunds);
    expect(await countEntity(db, chargebackEntity, { kind: 'all' }, {})).toBe(all.chargebacks);
    expect(await countEntity(db, customerEntity, { kind: 'all' }, {})).toBe(all.customers);
    // A merchant never sees another's rows through a plan another merchant's request made.
    const mine = await listEntity(db, transactionEntity, otherMerchant, { 'created_at>': since, _limit: '100' });
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((row) => row.merchant))).toEqual(
      new Set([otherMerchant.kind === 'merchant' ? otherMerchant.merchantId : '']),
    );
  });

  it.runIf(testEngine() === 'postgresql')(
    'plans one merchant’s refunds, chargebacks and customers by that merchant’s index, whatever the merchant',
    async () => {
      // Refunds, chargebacks and customers are written in time order, so a generic plan for "some merchant"
      // preferred the time index and read every merchant's rows of the window for a merchant with
      // none. That index is partial on a condition a generic plan cannot prove for an unknown
      // merchant (migrations 0098, 0099); the provider's reads state it. Sequential scans are switched off
      // so that the small test tables show which indexes each plan may use.
      const nobody: Scope = { kind: 'merchant', merchantId: 'org_without_rows', orgPath: '/org_without_rows/' };
      const planOf = async (entity: EntityDef, scope: Scope) => {
        const { sent, db: queryable } = recording(db);
        await listEntity(queryable, entity, scope, { 'created_at>': since });
        expect(sent[0].plan).toBe('generic');
        const literals = sent[0].values.map(
          (value) => `'${(value instanceof Date ? value.toISOString() : String(value)).replace(/'/g, "''")}'`,
        );
        return db.transaction(async (tx) => {
          await tx.exec('set local plan_cache_mode = force_generic_plan; set local enable_seqscan = off');
          await tx.exec(`prepare plan_check as ${sent[0].text}`);
          const plan = await tx.query<{ 'QUERY PLAN': string }>({
            text: `explain execute plan_check(${literals.join(', ')})`,
            values: [],
          });
          await tx.exec('deallocate plan_check');
          return plan.map((line) => line['QUERY PLAN']).join('\n');
        });
      };
      const entities = { refund: refundEntity, chargeback: chargebackEntity, customer: customerEntity };
      for (const [table, entity] of Object.entries(entities)) {
        for (const scope of [nobody, merchant]) {
          const plan = await planOf(entity, scope);
          expect(plan).toContain(`${table}_merchant_created_idx`);
          expect(plan).not.toContain(`${table}_created_idx`);
        }
        expect(await planOf(entity, { kind: 'all' })).toContain(`${table}_created_idx`);
      }
    },
  );
});

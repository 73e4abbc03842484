import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoWorld } from '../demo/world.ts';
import { transactionEntity } from '../modules/payments/transaction.entity.ts';
import { scopeFor } from '../plugins/auth-context.ts';
import { sql, type Db, type Queryable, type Sql } from '../plugins/db/index.ts';
import { openTestDb, testEngine } from '../test/engine.ts';
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
}, 180_000);
afterAll(() => db.close());

/** The statements a call sends, and the same database answering them all unprepared. */
const recording = () => {
  const sent: Sql[] = [];
  const queryable: Queryable = {
    query: (statement) => {
      sent.push(statement);
      return db.query(statement);
    },
    exec: (text) => db.exec(text),
  };
  return { sent, queryable };
};
const unprepared: Queryable = {
  query: (statement) => db.query({ text: statement.text, values: statement.values }),
  exec: (text) => db.exec(text),
};

describe('generic plans for time-ordered pages', () => {
  it('prepares the screen’s first list, its count and the detail for one merchant and for the provider', async () => {
    for (const scope of [merchant, { kind: 'all' } as Scope]) {
      const { sent, queryable } = recording();
      await listEntity(queryable, transactionEntity, scope, {
        _populate: 'customer processor',
        'created_at>': since,
        _sort: '-created_at',
      });
      await countEntity(queryable, transactionEntity, scope, { 'created_at>': '2026-10-20T10:30:00.000Z' });
      const [first] = await listEntity(db, transactionEntity, scope, { _limit: '1' });
      await getEntity(queryable, transactionEntity, scope, first.id, { _populate: 'customer processor' });
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
      const { sent, queryable } = recording();
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
    for (const scope of [merchant, otherMerchant, { kind: 'all' } as Scope, merchant]) {
      for (const skip of ['0', '25', '50']) {
        const query = { _populate: 'customer processor', 'created_at>': since, _skip: skip };
        const prepared = await listEntity(db, transactionEntity, scope, query);
        expect(prepared).toEqual(await listEntity(unprepared, transactionEntity, scope, query));
        expect(await countEntity(db, transactionEntity, scope, query)).toBe(
          await countEntity(unprepared, transactionEntity, scope, query),
        );
      }
    }
    // A merchant never sees another's rows through a plan another merchant's request made.
    const mine = await listEntity(db, transactionEntity, otherMerchant, { 'created_at>': since, _limit: '100' });
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((row) => row.merchant))).toEqual(
      new Set([otherMerchant.kind === 'merchant' ? otherMerchant.merchantId : '']),
    );
  });
});

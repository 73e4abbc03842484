import { describe, expect, it } from 'vitest';
import { sql, type Queryable } from '../plugins/db/index.ts';
import { sumsOf } from '../modules/statistics/sums.repository.ts';
import { recording } from '../test/recording.ts';
import { named, withGenericPlan } from './prepared.ts';

describe('named statements', () => {
  it('names a statement by its text: the same shape with other values shares a name, another shape does not', () => {
    const of = (merchant: string, day: string) =>
      sql`select * from t where merchant_id = ${merchant} and day >= ${day}::date`;
    const first = named(of('org_a', '2026-11-01'));
    const second = named(of('org_b', '2026-11-02'));
    expect(first.name).toMatch(/^kq_[\w-]{22}$/);
    expect(second.name).toBe(first.name);
    expect(second.values).toEqual(['org_b', '2026-11-02']);
    expect(first.plan).toBeUndefined();
    expect(named(sql`select * from t where merchant_id = ${'org_a'}`).name).not.toBe(first.name);
    // The generic-plan variant of the same text has the same name and asks for the generic pool.
    expect(withGenericPlan(of('org_c', '2026-11-03'))).toMatchObject({ name: first.name, plan: 'generic' });
  });

  it("sends the dashboard's sums as one named statement, so a connection parses its long text once", async () => {
    const answer: Queryable = {
      query: async <T>() => [{ c0: 1, v0: 2, c1: 3, v1: 4 }] as T[],
      exec: async () => undefined,
    };
    const { db, sent } = recording(answer);
    const source = (status: string) => ({
      source: sql`select 1 as count, 5 as volume from transaction e where e.status = ${status}`,
    });
    expect(await sumsOf(db, [source('AUTHORIZED'), source('DECLINED')])).toEqual([
      { count: 1, volume: 2 },
      { count: 3, volume: 4 },
    ]);
    await sumsOf(db, [source('REFUNDED'), source('FAILED')]);
    expect(sent[0].name).toMatch(/^kq_/);
    expect(sent[1].name).toBe(sent[0].name);
    expect(sent[1].values).toEqual(['REFUNDED', 'FAILED']);
  });
});

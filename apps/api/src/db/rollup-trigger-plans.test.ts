import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';

/**
 * Migration 0114: a rollup trigger that joins the statement's old and new rows keeps the plan of its
 * first call for the whole connection, so it must never be a nested loop (a bulk update after a
 * one-row one took minutes). A function redefined later without the setting fails here.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('rollup triggers over transition tables', () => {
  it('plan their old-to-new join without nested loops, in every function that has one', async () => {
    const functions = await db.query<{ name: string; config: string[] | null }>(sql`
      select p.proname as name, p.proconfig as config from pg_proc p
      join pg_namespace s on s.oid = p.pronamespace
      where s.nspname = current_schema() and p.prosrc like '%old_rows o join new_rows n%'
      order by 1`);
    expect(functions.map((f) => f.name)).toContain('customer_segment_count_apply');
    expect(functions.filter((f) => !(f.config ?? []).includes('enable_nestloop=off')).map((f) => f.name)).toEqual([]);
  });
});

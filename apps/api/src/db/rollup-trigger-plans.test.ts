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
      where s.nspname = current_schema() and (p.prosrc like '%old_rows o join new_rows n%' or p.prosrc like '%old_rows where mode = ''live'') o join (select * from new_rows%')
      order by 1`);
    expect(functions.map((f) => f.name)).toContain('customer_segment_count_apply');
    expect(functions.filter((f) => !(f.config ?? []).includes('enable_nestloop=off')).map((f) => f.name)).toEqual([]);
  });

  it('never compile their statements to machine code (migration 0136: a penalty cost is not a large query)', async () => {
    const functions = await db.query<{ name: string; config: string[] }>(sql`
      select p.proname as name, p.proconfig as config from pg_proc p
      join pg_namespace s on s.oid = p.pronamespace
      where s.nspname = current_schema() and 'enable_nestloop=off' = any (p.proconfig)
      order by 1`);
    expect(functions.map((f) => f.name)).toContain('transaction_client_apply');
    expect(functions.filter((f) => !f.config.includes('jit=off')).map((f) => f.name)).toEqual([]);
  });

  it('read only the statement’s live rows on every payment table (test mode, migration 0116)', async () => {
    const functions = await db.query<{ name: string; source: string }>(sql`
      select distinct p.proname as name, p.prosrc as source
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname in ('transaction', 'refund', 'customer', 'chargeback')
        and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        and p.proname not like '%push%' and (p.prosrc like '%new_rows%' or p.prosrc like '%old_rows%')
      order by 1`);
    expect(functions.map((f) => f.name)).toEqual(
      expect.arrayContaining(['transaction_hourly_apply', 'refund_local_daily_apply']),
    );
    // Every read of a transition table is the live rows of it.
    const unfiltered = functions.filter((f) =>
      /\b(from|join)\s+(new_rows|old_rows)\b(?! where mode = 'live')/.test(f.source),
    );
    expect(unfiltered.map((f) => f.name)).toEqual([]);
  });
});

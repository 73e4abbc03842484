import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../plugins/db/migrate.ts';
import { sql, type Db } from '../plugins/db/index.ts';
import { openTestDb } from '../test/engine.ts';
import { GENERATED_HEADER, rollupMigration } from './rollup-sql.ts';
import { ROLLUPS } from './rollups.ts';

/**
 * rollups.ts is the one place a payment rollup is written down: the latest generated migration
 * must be exactly what the declaration generates now (after a change, `npm run rollups:sql --
 * NNNN_name` writes a new one), and every rollup trigger on `transaction` must be declared.
 */
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('the rollups declared in rollups.ts', () => {
  it('are what the latest generated migration defines, byte for byte', () => {
    const generated = listMigrations().filter((m) => m.text.startsWith(`${GENERATED_HEADER}\n`));
    expect(generated.map((m) => m.version)).toContain('0154_rollups_declared');
    expect(generated.at(-1)?.text).toEqual(rollupMigration());
  });

  it('are all the rollups the payment table’s statement triggers keep', async () => {
    const triggers = await db.query<{ name: string }>(sql`
      select distinct p.proname as name from pg_trigger t
      join pg_proc p on p.oid = t.tgfoid join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relname = 'transaction' and p.prosrc like '%new_rows%'
        and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      order by 1`);
    expect(triggers.map((t) => t.name)).toEqual([...new Set(ROLLUPS.map((r) => r.apply))].sort());
  });
});
